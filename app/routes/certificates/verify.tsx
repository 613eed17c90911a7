import { useTranslation } from '~/features/i18n/react.tsx'
import { data } from 'react-router'
import { CertificateDetails, CertificatePageShell, VerdictBanner } from '~/components/certificates/certificate-view'
import { certificatePathTitle, signerAddress, verifyCertificate } from '~/features/certificates/certificates.server.ts'
import { certificateFileSchema, type CertificateMessage } from '~/features/certificates/typed-data.ts'
import { getLanguage, getT } from '~/features/i18n/i18n.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { failure, readFields } from '~/lib/forms.server.ts'
import type { Route } from './+types/verify'

// Paste a downloaded certificate file; the server checks its signature. A plain HTML form: no JavaScript.
const MAX_CHARS = 20_000

export function loader({ request }: Route.LoaderArgs) {
	return { title: getT(request)('certificate.verifyTitle'), appName: getEnv().APP_NAME, signer: signerAddress() }
}

type Verdict = { valid: boolean; message: CertificateMessage; pathTitle: string } | { ok: false; error: string }

export async function action({ request }: Route.ActionArgs) {
	// Whatever is wrong with what was pasted (no form, too long, no JSON, not a certificate), the page has
	// one answer for it; a file is a few KB.
	const malformed = () => failure('certificate.verifyMalformed', 400)
	const read = await readFields(request, { limit: 4 * MAX_CHARS })
	const text = read.ok ? read.values.certificate : undefined
	if (typeof text !== 'string' || text.length === 0 || text.length > MAX_CHARS) return malformed()
	let json: unknown
	try {
		json = JSON.parse(text)
	} catch {
		return malformed()
	}
	const parsed = certificateFileSchema.safeParse(json)
	if (!parsed.success) return malformed()
	const { domain, message, signature } = parsed.data
	const verification = await verifyCertificate({ domain, message }, signature)
	// Only a genuine certificate gets the path's Portuguese title; a forged one is shown exactly as pasted.
	const shown = verification.valid ? await certificatePathTitle(getLanguage(request), message) : message.path
	return data<Verdict>({ valid: verification.valid, message, pathTitle: shown })
}

export const handle = { hydrate: false }

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function VerifyCertificate({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { appName, signer } = loaderData
	const verdict = actionData as Verdict | undefined
	return (
		<CertificatePageShell appName={appName}>
			<div>
				<h1 className="text-2xl font-semibold">{t('certificate.verifyTitle')}</h1>
				<p className="text-muted-foreground mt-1 text-sm">{t('certificate.verifyBody')}</p>
			</div>
			{verdict && 'error' in verdict ? (
				<p role="alert" className="text-destructive text-sm font-medium">
					{t(verdict.error)}
				</p>
			) : null}
			{verdict && 'valid' in verdict ? (
				<>
					<VerdictBanner valid={verdict.valid} signer={signer} appName={appName} />
					<CertificateDetails message={verdict.message} appName={appName} pathTitle={verdict.pathTitle} />
				</>
			) : null}
			<form method="post" className="grid gap-3">
				<label htmlFor="certificate" className="text-sm font-medium">
					{t('certificate.verifyField')}
				</label>
				<textarea
					id="certificate"
					name="certificate"
					required
					rows={10}
					maxLength={MAX_CHARS}
					spellCheck={false}
					className="bg-background rounded-md border p-3 font-mono text-xs"
				/>
				<div>
					<button type="submit" className="bg-primary text-primary-foreground rounded-md px-4 py-2 text-sm font-medium">
						{t('certificate.verifySubmit')}
					</button>
				</div>
			</form>
		</CertificatePageShell>
	)
}
