import { Loader2 } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Link, redirect, useNavigation, useSearchParams } from 'react-router'
import { FormMessage } from '~/components/form-field'
import { SocialButtons } from '~/components/social-buttons'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { startSocialSignIn } from '~/features/auth/flows.server.ts'
import { oauthFormSchema } from '~/features/auth/schemas.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { failure, parseBody, refused } from '~/lib/forms.server.ts'
import type { Route } from './+types/login-oauth'

export function loader({ request }: Route.LoaderArgs) {
	return { title: getT(request)('auth.oauth.title', { app: getEnv().APP_NAME }) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request }: Route.ActionArgs) {
	const parsed = await parseBody(request, oauthFormSchema, { fallback: 'auth.errors.oauthFailed' })
	if (!parsed.ok) return refused(parsed)
	const result = await startSocialSignIn(request, parsed.data.provider, parsed.data.redirectTo ?? null)
	if (!result.ok) return failure(result.error, result.status)
	throw redirect(result.url!, { headers: result.headers })
}

export default function LoginOAuth({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const [params] = useSearchParams()
	const navigation = useNavigation()
	return (
		<Card>
			<CardHeader>
				<CardTitle className="text-2xl">
					<h1>{loaderData.title}</h1>
				</CardTitle>
				<CardDescription>{t('auth.oauth.subtitle')}</CardDescription>
			</CardHeader>
			<CardContent className="grid gap-4">
				<FormMessage error={actionData?.error} />
				<SocialButtons redirectTo={params.get('redirectTo')} />
				{navigation.state !== 'idle' ? (
					<p role="status" className="text-muted-foreground flex items-center justify-center gap-2 text-sm">
						<Loader2 className="size-4 animate-spin" aria-hidden />
						{t('auth.oauth.redirecting')}
					</p>
				) : null}
				<Link to="/" className="text-primary text-center text-sm underline-offset-4 hover:underline">
					{t('auth.backToHome')}
				</Link>
			</CardContent>
		</Card>
	)
}
