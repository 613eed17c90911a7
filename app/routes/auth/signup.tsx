import { useTranslation } from '~/features/i18n/react.tsx'
import { data, Form, Link, useNavigation } from 'react-router'
import { FormField, FormMessage } from '~/components/form-field'
import { SocialButtons } from '~/components/social-buttons'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { signUp } from '~/features/auth/flows.server.ts'
import { retryAfterHeader } from '~/features/security/rate-limit.server.ts'
import { isCommonPassword } from '~/features/auth/password-policy.server.ts'
import { fieldErrors, readFormObject, signupSchema, type FieldErrors } from '~/features/auth/schemas.ts'
import { requireAnonymous } from '~/features/auth/session.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import { pageMeta } from '~/features/marketing/seo.ts'
import { getEnv } from '~/lib/env.server.ts'
import type { Route } from './+types/signup'

export async function loader({ request }: Route.LoaderArgs) {
	await requireAnonymous(request)
	const t = getT(request)
	return { title: t('auth.signup.title'), description: t('seo.signup.description', { app: getEnv().APP_NAME }) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData)

type ActionData = { email?: string; fields?: FieldErrors; error?: string; success?: string }

export async function action({ request }: Route.ActionArgs) {
	const form = await readFormObject(request)
	// Echoed into the re-rendered form: the page is static, so a refused post must not empty the field.
	const email = typeof form.email === 'string' ? form.email.slice(0, 254) : ''
	const parsed = signupSchema.safeParse(form)
	if (!parsed.success) return data<ActionData>({ email, fields: fieldErrors(parsed.error) }, { status: 400 })
	if (isCommonPassword(parsed.data.password)) return data<ActionData>({ email, fields: { password: 'auth.errors.passwordTooCommon' } }, { status: 400 })
	const result = await signUp(request, parsed.data.email, parsed.data.password)
	if (!result.ok) return data<ActionData>({ email, error: result.error }, { status: result.status, headers: retryAfterHeader(result.retryAfter) })
	return data<ActionData>({ success: 'auth.signup.checkEmail' })
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
					<FormMessage error={result?.error} success={result?.success} />
					<FormField label={t('auth.email')} name="email" defaultValue={result?.email} type="email" autoComplete="email" required error={result?.fields?.email} />
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
