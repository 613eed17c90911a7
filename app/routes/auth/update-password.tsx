import { useTranslation } from '~/features/i18n/react.tsx'
import { data, Form, Link, useNavigation, useSearchParams } from 'react-router'
import { FormField, FormMessage } from '~/components/form-field'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { changePassword, resetPassword } from '~/features/auth/flows.server.ts'
import { isCommonPassword } from '~/features/auth/password-policy.server.ts'
import { changePasswordSchema, fieldErrors, readFormObject, updatePasswordSchema, type FieldErrors } from '~/features/auth/schemas.ts'
import { getUser } from '~/features/auth/session.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import type { Route } from './+types/update-password'

// Two ways here: the emailed reset link (?token=...), or 'Change password' in the account menu while
// signed in (no token; the session says whose password it is).
export async function loader({ request }: Route.LoaderArgs) {
	const user = await getUser(request)
	return { title: getT(request)('auth.update.title'), signedIn: Boolean(user) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

type ActionData = { fields?: FieldErrors; error?: string; success?: string }

export async function action({ request }: Route.ActionArgs) {
	const form = await readFormObject(request)
	if (!form.token) return changeOwnPassword(request, form)
	const parsed = updatePasswordSchema.safeParse(form)
	if (!parsed.success) {
		const fields = fieldErrors(parsed.error)
		return data<ActionData>({ fields, error: fields.token }, { status: 400 })
	}
	if (isCommonPassword(parsed.data.password)) return data<ActionData>({ fields: { password: 'auth.errors.passwordTooCommon' } }, { status: 400 })
	const result = await resetPassword(parsed.data.token, parsed.data.password)
	if (!result.ok) return data<ActionData>({ error: result.error }, { status: result.status })
	return data<ActionData>({ success: 'auth.update.success' })
}

async function changeOwnPassword(request: Request, form: Record<string, string>) {
	const user = await getUser(request)
	if (!user) return data<ActionData>({ error: 'auth.errors.resetLinkInvalid' }, { status: 400 })
	const parsed = changePasswordSchema.safeParse(form)
	if (!parsed.success) return data<ActionData>({ fields: fieldErrors(parsed.error) }, { status: 400 })
	if (isCommonPassword(parsed.data.password)) return data<ActionData>({ fields: { password: 'auth.errors.passwordTooCommon' } }, { status: 400 })
	const result = await changePassword(request, user.id, parsed.data.password)
	if (!result.ok) return data<ActionData>({ error: result.error }, { status: result.status })
	return data<ActionData>({ success: 'auth.update.success' }, { headers: result.headers })
}

export default function UpdatePassword({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const [params] = useSearchParams()
	const navigation = useNavigation()
	const result = actionData as ActionData | undefined
	const token = params.get('token') ?? ''
	const linkError = params.get('error') ? 'auth.errors.resetLinkInvalid' : undefined
	// After a change the session is gone, yet the success message and the way on to sign in stay.
	const canChange = loaderData.signedIn || Boolean(result?.success)

	return (
		<Card>
			<CardHeader>
				<CardTitle className="text-2xl">
					<h1>{t('auth.update.title')}</h1>
				</CardTitle>
				<CardDescription>{t(token ? 'auth.update.subtitle' : 'auth.update.changeSubtitle')}</CardDescription>
			</CardHeader>
			<CardContent>
				{(!token && !canChange) || linkError ? (
					<div className="grid gap-4">
						<FormMessage error={linkError ?? 'auth.errors.resetLinkInvalid'} />
						<Link to="/forgot-password" className="text-primary text-center text-sm underline-offset-4 hover:underline">
							{t('auth.update.requestNew')}
						</Link>
					</div>
				) : (
					<Form method="post" className="grid gap-4" noValidate>
						{token ? <input type="hidden" name="token" value={token} /> : null}
						<FormMessage error={result?.error} success={result?.success} />
						{/* The page is static (no React in the browser): the browser itself moves on to sign in. */}
						{result?.success ? <meta httpEquiv="refresh" content="3;url=/login" /> : null}
						<FormField
							label={t('auth.update.newPassword')}
							name="password"
							type="password"
							autoComplete="new-password"
							required
							error={result?.fields?.password}
						/>
						<FormField
							label={t('auth.update.confirmNewPassword')}
							name="confirmPassword"
							type="password"
							autoComplete="new-password"
							required
							error={result?.fields?.confirmPassword}
						/>
						<Button type="submit" disabled={navigation.state === 'submitting' || Boolean(result?.success)} data-busy-label={t('auth.update.busy')}>
							{navigation.state === 'submitting' ? t('auth.update.busy') : t('auth.update.submit')}
						</Button>
					</Form>
				)}
			</CardContent>
		</Card>
	)
}
