import { useTranslation } from '~/features/i18n/react.tsx'
import { data, Form, Link, useNavigation, useSearchParams } from 'react-router'
import { FormField, FormMessage } from '~/components/form-field'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { changePassword, resetPassword } from '~/features/auth/flows.server.ts'
import { isCommonPassword } from '~/features/auth/password-policy.server.ts'
import { changePasswordSchema, updatePasswordSchema } from '~/features/auth/schemas.ts'
import { getUser } from '~/features/auth/session.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import { formLevelError, type FieldErrors } from '~/lib/field-errors.ts'
import { failure, readFields, refused, validate } from '~/lib/forms.server.ts'
import type { Route } from './+types/update-password'

// Two ways here: the emailed reset link (?token=...), or 'Change password' in the account menu while
// signed in (no token; the session says whose password it is).
export async function loader({ request }: Route.LoaderArgs) {
	const user = await getUser(request)
	return { title: getT(request)('auth.update.title'), signedIn: Boolean(user) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

type ActionData = { ok: boolean; fields?: FieldErrors; error?: string; success?: string }

const tooCommon = { password: 'auth.errors.passwordTooCommon' }

export async function action({ request }: Route.ActionArgs) {
	const read = await readFields(request)
	if (!read.ok) return refused(read)
	// No token: the signed-in 'Change password'; the schema differs, so the values are read first.
	if (!read.values.token) return changeOwnPassword(request, read.values)
	const parsed = validate(read.values, updatePasswordSchema)
	if (!parsed.ok) return refused(parsed)
	if (isCommonPassword(parsed.data.password)) return failure(tooCommon.password, 400, tooCommon)
	const result = await resetPassword(parsed.data.token, parsed.data.password)
	if (!result.ok) return failure(result.error, result.status)
	return { ok: true, success: 'auth.update.success' }
}

async function changeOwnPassword(request: Request, values: Record<string, unknown>) {
	const user = await getUser(request)
	if (!user) return failure('auth.errors.resetLinkInvalid', 400)
	const parsed = validate(values, changePasswordSchema)
	if (!parsed.ok) return refused(parsed)
	if (isCommonPassword(parsed.data.password)) return failure(tooCommon.password, 400, tooCommon)
	const result = await changePassword(request, user.id, parsed.data.password)
	if (!result.ok) return failure(result.error, result.status)
	return data({ ok: true, success: 'auth.update.success' }, { headers: result.headers })
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
						{/* The token is a hidden field: its message is the form's. */}
						<FormMessage error={result?.fields?.token ?? formLevelError(result)} success={result?.success} />
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
