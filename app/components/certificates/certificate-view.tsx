import { BadgeCheck, ShieldAlert } from 'lucide-react'
import { Logo } from '~/components/logo'
import { ThemeSwitcher } from '~/components/theme-switcher'
import { useTranslation } from '~/features/i18n/react.tsx'
import { ZERO_ADDRESS, type CertificateMessage } from '~/features/certificates/typed-data.ts'
import { formatNumber } from '~/lib/program.ts'
import { cn } from '~/lib/utils'
import { dateFormat } from '~/features/i18n/formats.ts'

export function formatIssuedAt(issuedAt: number, lang: string) {
	// UTC, so the server's HTML and any later render agree whatever the visitor's time zone.
	return dateFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(issuedAt * 1000))
}

/** The frame of the public certificate pages (a certificate, the verifier): the logo bar and a narrow column. */
export function CertificatePageShell({ appName, children }: { appName: string; children: React.ReactNode }) {
	return (
		<div className="bg-muted/40 min-h-svh">
			<header className="bg-background border-b">
				<div className="mx-auto flex h-14 max-w-3xl items-center justify-between gap-4 px-4">
					<Logo name={appName} />
					<ThemeSwitcher className="print:hidden" />
				</div>
			</header>
			<main className="mx-auto grid max-w-3xl gap-6 px-4 py-8">{children}</main>
		</div>
	)
}

/** The verdict first, in words and colour, so nobody reads the details of a forged certificate as true. */
export function VerdictBanner({ valid, signer, appName }: { valid: boolean; signer: string; appName: string }) {
	const { t } = useTranslation()
	return (
		<div
			role="status"
			data-testid="certificate-verdict"
			data-valid={valid ? 'true' : 'false'}
			className={cn(
				'flex items-start gap-3 rounded-lg border p-4',
				valid
					? 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50'
					: 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50',
			)}
		>
			{valid ? (
				<BadgeCheck className="mt-0.5 size-6 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden />
			) : (
				<ShieldAlert className="mt-0.5 size-6 shrink-0 text-red-700 dark:text-red-400" aria-hidden />
			)}
			<div className="grid gap-1">
				<p className="text-lg font-semibold">{valid ? t('certificate.valid') : t('certificate.invalid')}</p>
				<p className="text-sm break-words">{valid ? t('certificate.validBody', { app: appName }) : t('certificate.invalidBody', { app: appName })}</p>
				<p className="text-xs">
					{t('certificate.signer')}: <code className="break-all">{signer}</code>
				</p>
			</div>
		</div>
	)
}

/**
 * The certificate itself: who, what, when, XP and wallet, as signed. `pathTitle` is the path's title in the
 * reader's language; when it differs from the signed (English) title, the signed one is shown under it.
 */
export function CertificateDetails({ message, appName, pathTitle }: { message: CertificateMessage; appName: string; pathTitle?: string | null }) {
	const { t, i18n } = useTranslation()
	const hasWallet = message.wallet.toLowerCase() !== ZERO_ADDRESS
	return (
		<article className="bg-card rounded-xl border-2 p-6 text-center shadow-sm sm:p-10" aria-labelledby="certificate-heading">
			<p className="text-muted-foreground text-xs tracking-[0.2em] uppercase">{appName}</p>
			<h1 id="certificate-heading" className="mt-2 text-2xl font-semibold sm:text-3xl">
				{t('certificate.title')}
			</h1>
			<p className="text-muted-foreground mt-6 text-sm">{t('certificate.awardedTo')}</p>
			<p className="mt-1 text-2xl font-semibold break-words sm:text-3xl" data-testid="certificate-learner">
				{message.learner || t('certificate.unnamedLearner', { app: appName })}
			</p>
			<p className="text-muted-foreground mt-4 text-sm">{t('certificate.completed')}</p>
			<p className="mt-1 text-xl font-medium break-words" data-testid="certificate-path">
				{pathTitle || message.path}
			</p>
			{pathTitle && pathTitle !== message.path ? (
				<p className="text-muted-foreground mt-1 text-xs break-words" data-testid="certificate-signed-path">
					{t('certificate.signedAs', { title: message.path })}
				</p>
			) : null}
			<dl className="mt-8 grid gap-4 text-left text-sm sm:grid-cols-2">
				<div>
					<dt className="text-muted-foreground">{t('certificate.issuedOn')}</dt>
					<dd className="font-medium">{formatIssuedAt(message.issuedAt, i18n.language)}</dd>
				</div>
				<div>
					<dt className="text-muted-foreground">{t('certificate.xp')}</dt>
					<dd className="font-medium" data-testid="certificate-xp">
						{formatNumber(message.xp, i18n.language)}
					</dd>
				</div>
				<div className="sm:col-span-2">
					<dt className="text-muted-foreground">{t('certificate.wallet')}</dt>
					<dd className="font-mono text-xs break-all">{hasWallet ? message.wallet : t('certificate.noWallet')}</dd>
				</div>
				<div className="sm:col-span-2">
					<dt className="text-muted-foreground">{t('certificate.id')}</dt>
					<dd className="font-mono text-xs break-all">{message.id}</dd>
				</div>
			</dl>
		</article>
	)
}
