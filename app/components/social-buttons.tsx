import { Github } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Form, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button'
import { useRootData } from '~/root'

function GoogleIcon() {
	return (
		<svg viewBox="0 0 24 24" className="size-4" aria-hidden>
			<path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8Z" />
			<path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1a6.6 6.6 0 0 1-6.2-4.6H2.2v2.8A11 11 0 0 0 12 23Z" />
			<path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.2a11 11 0 0 0 0 9.8l3.6-2.8Z" />
			<path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.1A11 11 0 0 0 2.2 7.1l3.6 2.8C6.7 7.4 9.1 5.4 12 5.4Z" />
		</svg>
	)
}

/** 'Continue with Google/GitHub': posts to /login-oauth, which starts the provider's flow (or explains it is not configured). */
export function SocialButtons({ redirectTo }: { redirectTo?: string | null }) {
	const { t } = useTranslation()
	const env = useRootData()?.env
	const navigation = useNavigation()
	const busyProvider = navigation.formAction === '/login-oauth' ? navigation.formData?.get('provider') : null
	const providers = [
		{ id: 'google', label: t('auth.continueWithGoogle'), icon: <GoogleIcon />, enabled: env?.googleEnabled },
		{ id: 'github', label: t('auth.continueWithGithub'), icon: <Github className="size-4" aria-hidden />, enabled: env?.githubEnabled },
	] as const
	return (
		<Form method="post" action="/login-oauth" className="grid gap-2">
			{redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
			{providers.map((p) => (
				<Button
					key={p.id}
					type="submit"
					name="provider"
					value={p.id}
					variant="outline"
					disabled={Boolean(busyProvider)}
					data-busy-label={t('auth.oauth.redirecting')}
					title={p.enabled ? undefined : t(`auth.errors.${p.id}NotConfigured`)}
				>
					{p.icon}
					{busyProvider === p.id ? t('auth.oauth.redirecting') : p.label}
				</Button>
			))}
		</Form>
	)
}
