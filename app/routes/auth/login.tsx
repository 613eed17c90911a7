import { useTranslation } from '~/features/i18n/react.tsx'
import { Form, Link, redirect, useNavigation, useSearchParams } from 'react-router'
import { FormField, FormMessage } from '~/components/form-field'
import { SocialButtons } from '~/components/social-buttons'
import { WalletSignInButton } from '~/components/wallet/wallet-sign-in-button'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { signIn } from '~/features/auth/flows.server.ts'
import { retryAfterHeader } from '~/features/security/rate-limit.server.ts'
import { echoedEmail, loginSchema } from '~/features/auth/schemas.ts'
import { requireAnonymous } from '~/features/auth/session.server.ts'
import { demoAccounts } from '~/features/system/demo-accounts.ts'
import { throwTestFault } from '~/features/system/test-faults.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import { pageMeta } from '~/features/marketing/seo.ts'
import { getEnv } from '~/lib/env.server.ts'
import { formLevelError } from '~/lib/field-errors.ts'
import { failure, parseBody, refused } from '~/lib/forms.server.ts'
import { safeRedirect } from '~/lib/safe-redirect.ts'
import { useRootData } from '~/root'
import type { Route } from './+types/login'

export async function loader({ request }: Route.LoaderArgs) {
	await requireAnonymous(request)
	throwTestFault(request, 'auth')
	const t = getT(request)
	return { title: t('auth.login.title'), description: t('seo.login.description', { app: getEnv().APP_NAME }) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData)

export async function action({ request }: Route.ActionArgs) {
	const parsed = await parseBody(request, loginSchema)
	// Echoed into the re-rendered form: the page is static, so a refused post must not empty the field.
	const email = echoedEmail(parsed.values)
	if (!parsed.ok) return refused(parsed, { email })
	const result = await signIn(request, parsed.data.email, parsed.data.password)
	if (!result.ok) return failure(result.error, result.status, undefined, retryAfterHeader(result.retryAfter), { email })
	throw redirect(safeRedirect(parsed.data.redirectTo), { headers: result.headers })
}

export default function Login({ actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const [params] = useSearchParams()
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle' && navigation.formAction?.startsWith('/login') && navigation.formMethod === 'POST'
	const redirectTo = params.get('redirectTo')
	const env = useRootData()?.env
	const result = actionData
	return (
		<Card>
			<CardHeader>
				<CardTitle className="text-2xl">
					<h1>{t('auth.login.title')}</h1>
				</CardTitle>
				<CardDescription>{t('auth.login.subtitle')}</CardDescription>
			</CardHeader>
			<CardContent className="grid gap-4">
				<Form method="post" replace className="grid gap-4" noValidate>
					{redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
					<FormMessage error={formLevelError(result)} />
					<FormField
						label={t('auth.email')}
						name="email"
						defaultValue={result?.email}
						type="email"
						autoComplete="email"
						required
						error={result?.fields?.email}
					/>
					<FormField label={t('auth.password')} name="password" type="password" autoComplete="current-password" required error={result?.fields?.password} />
					<div className="flex justify-end text-sm">
						<Link to="/forgot-password" className="text-muted-foreground hover:text-foreground underline-offset-4 hover:underline">
							{t('auth.login.forgot')}
						</Link>
					</div>
					<Button type="submit" disabled={busy} data-busy-label={t('auth.loading')}>
						{busy ? t('auth.loading') : t('auth.login.submit')}
					</Button>
				</Form>
				<Divider label={t('auth.or')} />
				<SocialButtons redirectTo={redirectTo} />
				<WalletSignInButton redirectTo={redirectTo} />
				<p className="text-muted-foreground text-center text-sm">
					{t('auth.login.noAccount')}{' '}
					<Link to="/signup" className="text-primary underline underline-offset-4 hover:decoration-2">
						{t('auth.signup.link')}
					</Link>
				</p>
				{env?.demoMode ? <DemoAccounts admin={env.demoAdmin} /> : null}
			</CardContent>
		</Card>
	)
}

function Divider({ label }: { label: string }) {
	return (
		<div className="text-muted-foreground flex items-center gap-3 text-xs uppercase">
			<span className="bg-border h-px flex-1" />
			{label}
			<span className="bg-border h-px flex-1" />
		</div>
	)
}

function DemoAccounts({ admin }: { admin: boolean }) {
	const { t } = useTranslation()
	return (
		<aside className="bg-muted/50 rounded-md border p-3 text-xs" aria-label={t('auth.demo.title')}>
			<p className="mb-1 font-medium">{t('auth.demo.title')}</p>
			<ul className="space-y-0.5 font-mono">
				<li>
					{t('auth.demo.learner')}: {demoAccounts.learner.email} / {demoAccounts.learner.password}
				</li>
				{admin ? (
					<li>
						{t('auth.demo.admin')}: {demoAccounts.admin.email} / {demoAccounts.admin.password}
					</li>
				) : null}
			</ul>
		</aside>
	)
}
