import { Download, FileCheck2 } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { CertificateDetails, CertificatePageShell, VerdictBanner } from '~/components/certificates/certificate-view'
import { certificatePathTitle, getCertificate, verifyCertificate } from '~/features/certificates/certificates.server.ts'
import { certificateDataSchema } from '~/features/certificates/typed-data.ts'
import { getLanguage, getT } from '~/features/i18n/i18n.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import type { Route } from './+types/certificate'

// The public, shareable certificate page: no account needed, verified on the server on every view
// (the stored typed data against its signature and the platform's signer address).
export async function loader({ params, request }: Route.LoaderArgs) {
	const cert = await getCertificate(params.id)
	if (!cert) throw new Response('Certificate not found', { status: 404 })
	const verification = await verifyCertificate(cert.data, cert.signature)
	const parsed = certificateDataSchema.safeParse(cert.data)
	// A row too damaged to read is shown as invalid with nothing to read, never as a 500.
	const message = parsed.success ? parsed.data.message : null
	const lang = getLanguage(request)
	const t = getT(lang)
	// The signed title stays in the data; a Portuguese reader sees the path's Portuguese title above it.
	const pathTitle = message ? await certificatePathTitle(lang, message) : null
	return {
		pathTitle,
		id: cert.id,
		message,
		valid: verification.valid,
		signer: verification.signer,
		appName: getEnv().APP_NAME,
		title: message
			? t('certificate.pageTitle', { path: pathTitle, name: message.learner || t('certificate.unnamedLearner', { app: getEnv().APP_NAME }) })
			: t('certificate.title'),
	}
}

// Server-rendered HTML only: the page needs no JavaScript at all, wallet or otherwise.
export const handle = { hydrate: false }

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData?.title },
	// Shared by link, not listed by search engines: the learner decides who sees it.
	{ name: 'robots', content: 'noindex' },
	{ property: 'og:title', content: loaderData?.title },
]

export default function CertificatePage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { id, message, valid, signer, appName, pathTitle } = loaderData
	return (
		<CertificatePageShell appName={appName}>
			<VerdictBanner valid={valid} signer={signer} appName={appName} />
			{message ? <CertificateDetails message={message} appName={appName} pathTitle={pathTitle} /> : null}
			<div className="flex flex-wrap gap-3 text-sm">
				<a
					href={`/certificates/${id}.json?download`}
					download
					className="bg-primary text-primary-foreground inline-flex items-center gap-2 rounded-md px-4 py-2 font-medium"
				>
					<Download className="size-4" aria-hidden />
					{t('certificate.download')}
				</a>
				<a href="/certificates/verify" className="inline-flex items-center gap-2 rounded-md border px-4 py-2 font-medium">
					<FileCheck2 className="size-4" aria-hidden />
					{t('certificate.verifyLink')}
				</a>
			</div>
			<p className="text-muted-foreground text-sm">
				{t('certificate.howToVerify')}{' '}
				<a className="text-primary break-all underline underline-offset-4" href={`/certificates/${id}.json`}>
					/certificates/{id}.json
				</a>
			</p>
		</CertificatePageShell>
	)
}
