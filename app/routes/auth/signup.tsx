import { useTranslation } from '~/features/i18n/react.tsx'
import { Form, Link, useNavigation } from 'react-router'
import { FormField, FormMessage } from '~/components/form-field'
import { SocialButtons } from '~/components/social-buttons'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { signUp } from '~/features/auth/flows.server.ts'
import { retryAfterHeader } from '~/features/security/rate-limit.server.ts'
import { isCommonPassword } from '~/features/auth/password-policy.server.ts'
import { echoedEmail, signupSchema } from '~/features/auth/schemas.ts'
import { requireAnonymous } from '~/features/auth/session.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import { pageMeta } from '~/features/marketing/seo.ts'
import { getEnv } from '~/lib/env.server.ts'
import { formLevelError, type FieldErrors } from '~/lib/field-errors.ts'
import { failure, parseBody, refused } from '~/lib/forms.server.ts'
import type { Route } from './+types/signup'

export async function loader({ request }: Route.LoaderArgs) {
	await requireAnonymous(request)
	const t = getT(request)
	return { title: t('auth.signup.title'), description: t('seo.signup.description', { app: getEnv().APP_NAME }) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData)

type ActionData = { ok: boolean; email?: string; fields?: FieldErrors; error?: string; success?: string }

export async function action({ request }: Route.ActionArgs) {
	const parsed = await parseBody(request, signupSchema)
	// Echoed into the re-rendered form: the page is static, so a refused post must not empty the field.
	const email = echoedEmail(parsed.values)
	if (!parsed.ok) return refused(parsed, { email })
	if (isCommonPassword(parsed.data.password))
		return failure('auth.errors.passwordTooCommon', 400, { password: 'auth.errors.passwordTooCommon' }, undefined, { email })
	const result = await signUp(request, parsed.data.email, parsed.data.password)
	if (!result.ok) return failure(result.error, result.status, undefined, retryAfterHeader(result.retryAfter), { email })
	return { ok: true, success: 'auth.signup.checkEmail' }
}

export default function Signup({ actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const navigation = useNavigation()
	const busy = navigation.state === 'submitting' && navigation.formAction === '/signup'
	const result = actionData as ActionData | undefined
	return (
		<Card>
			<CardHeader>
				<CardTitle className="text-2xl">
					<h1>{t('auth.signup.title')}</h1>
				</CardTitle>
				<CardDescription>{t('auth.signup.subtitle')}</CardDescription>
			</CardHeader>
			<CardContent className="grid gap-4">
				<Form method="post" className="grid gap-4" noValidate>
					<FormMessage error={formLevelError(result)} success={result?.success} />
					<FormField
						label={t('auth.email')}
						name="email"
						defaultValue={result?.email}
						type="email"
						autoComplete="email"
						required
						error={result?.fields?.email}
					/>
					<FormField
						label={t('auth.password')}
						name="password"
						type="password"
						autoComplete="new-password"
						required
						minLength={8}
						error={result?.fields?.password}
					/>
					<FormField
						label={t('auth.confirmPassword')}
						name="confirmPassword"
						type="password"
						autoComplete="new-password"
						required
						error={result?.fields?.confirmPassword}
					/>
					<p className="text-muted-foreground text-xs">{t('auth.passwordHint')}</p>
					<Button type="submit" disabled={busy} data-busy-label={t('auth.signup.busy')}>
						{busy ? t('auth.signup.busy') : t('auth.signup.submit')}
					</Button>
				</Form>
				<SocialButtons />
				<p className="text-muted-foreground text-center text-sm">
					{t('auth.signup.haveAccount')}{' '}
					<Link to="/login" className="text-primary underline underline-offset-4 hover:decoration-2">
						{t('auth.login.link')}
					</Link>
				</p>
			</CardContent>
		</Card>
	)
}
