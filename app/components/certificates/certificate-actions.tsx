import { Award, Download, ExternalLink, Link2 } from 'lucide-react'
import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import { toast } from '~/components/ui/toast'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { formatIssuedAt } from '~/components/certificates/certificate-view'
import type { CertificateSummary, PathCertificateState } from '~/features/certificates/types.ts'
import { useTranslation } from '~/features/i18n/react.tsx'

/** View (the public page), download (the signed JSON) and copy the public link. */
function CertificateActions({ id }: { id: string }) {
	const { t } = useTranslation()
	async function copy() {
		try {
			await navigator.clipboard.writeText(`${window.location.origin}/certificates/${id}`)
			toast.success(t('certificate.copied'))
		} catch {
			toast.error(t('certificate.copyFailed'))
		}
	}
	return (
		<div className="flex flex-wrap gap-2">
			<Button asChild size="sm">
				{/* A document load: the public page is server-rendered on its own. */}
				<a href={`/certificates/${id}`} target="_blank" rel="noreferrer">
					<ExternalLink aria-hidden />
					{t('certificate.view')}
				</a>
			</Button>
			<Button asChild size="sm" variant="outline">
				<a href={`/certificates/${id}.json?download`} download>
					<Download aria-hidden />
					{t('certificate.download')}
				</a>
			</Button>
			<Button size="sm" variant="outline" onClick={() => void copy()}>
				<Link2 aria-hidden />
				{t('certificate.share')}
			</Button>
		</div>
	)
}

/** Profile: every certificate the learner holds. */
export function CertificatesCard({ certificates }: { certificates: CertificateSummary[] }) {
	const { t, i18n } = useTranslation()
	return (
		<section id="certificates" aria-labelledby="certificates-title" className="scroll-mt-20">
			<Card>
				<CardHeader>
					<CardTitle className="flex items-center gap-2">
						<Award className="size-5" aria-hidden />
						<h2 id="certificates-title">{t('certificate.listTitle')}</h2>
					</CardTitle>
					<CardDescription>{certificates.length ? t('certificate.listBody') : t('certificate.none')}</CardDescription>
				</CardHeader>
				{certificates.length ? (
					<CardContent>
						<ul className="grid gap-3">
							{certificates.map((c) => (
								<li key={c.id} className="grid gap-2 rounded-md border p-3" data-testid="certificate-item">
									<div>
										<p className="font-medium">{c.path}</p>
										<p className="text-muted-foreground text-xs">
											{formatIssuedAt(c.issuedAt, i18n.language)} · {t('certificate.xpValue', { xp: c.xp })}
										</p>
									</div>
									<CertificateActions id={c.id} />
								</li>
							))}
						</ul>
					</CardContent>
				) : null}
			</Card>
		</section>
	)
}

/** Path page: the certificate once earned; a claim button for a path completed before it was issued. */
export function PathCertificate({ pathId, state }: { pathId: string; state: PathCertificateState }) {
	const { t } = useTranslation()
	const fetcher = useFetcher<{ ok: boolean; error?: string }>()
	useEffect(() => {
		if (fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok) toast.error(t(fetcher.data.error ?? 'certificate.errors.notComplete'))
		// Only a finished submission matters.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [fetcher.state, fetcher.data])
	if (state.certificateId) {
		return (
			<Card className="mb-6 border-emerald-300 dark:border-emerald-800" data-testid="path-certificate">
				<CardHeader>
					<CardTitle className="flex items-center gap-2">
						<Award className="size-5 text-emerald-700 dark:text-emerald-400" aria-hidden />
						{t('certificate.earned')}
					</CardTitle>
					<CardDescription>{t('certificate.earnedBody')}</CardDescription>
				</CardHeader>
				<CardContent>
					<CertificateActions id={state.certificateId} />
				</CardContent>
			</Card>
		)
	}
	if (!state.complete) return null
	return (
		<fetcher.Form method="post" action="/resources/certificates" className="mb-6">
			<input type="hidden" name="pathId" value={pathId} />
			<Button type="submit" name="intent" value="issue" disabled={fetcher.state !== 'idle'}>
				<Award aria-hidden />
				{fetcher.state !== 'idle' ? t('certificate.issuing') : t('certificate.get')}
			</Button>
		</fetcher.Form>
	)
}
