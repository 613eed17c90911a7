import { useTranslation } from '~/features/i18n/react.tsx'
import { data, Form, Link, useNavigation, useSearchParams } from 'react-router'
import { FormField, FormMessage } from '~/components/form-field'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { resetPassword } from '~/features/auth/flows.server.ts'
import { isCommonPassword } from '~/features/auth/password-policy.server.ts'
import { fieldErrors, readFormObject, updatePasswordSchema, type FieldErrors } from '~/features/auth/schemas.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import type { Route } from './+types/update-password'

export function loader({ request }: Route.LoaderArgs) {
	return { title: getT(request)('auth.update.title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

type ActionData = { fields?: FieldErrors; error?: string; success?: string }

export async function action({ request }: Route.ActionArgs) {
	const parsed = updatePasswordSchema.safeParse(await readFormObject(request))
	if (!parsed.success) {
		const fields = fieldErrors(parsed.error)
		return data<ActionData>({ fields, error: fields.token }, { status: 400 })
	}
	if (isCommonPassword(parsed.data.password)) return data<ActionData>({ fields: { password: 'auth.errors.passwordTooCommon' } }, { status: 400 })
	const result = await resetPassword(parsed.data.token, parsed.data.password)
	if (!result.ok) return data<ActionData>({ error: result.error }, { status: result.status })
	return data<ActionData>({ success: 'auth.update.success' })
}

export default function UpdatePassword({ actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const [params] = useSearchParams()
	const navigation = useNavigation()
	const result = actionData as ActionData | undefined
	const token = params.get('token') ?? ''
	const linkError = params.get('error') ? 'auth.errors.resetLinkInvalid' : undefined


	return (
		<Card>
			<CardHeader>
				<CardTitle className="text-2xl">
					<h1>{t('auth.update.title')}</h1>
				</CardTitle>
				<CardDescription>{t('auth.update.subtitle')}</CardDescription>
			</CardHeader>
			<CardContent>
				{!token || linkError ? (
					<div className="grid gap-4">
						<FormMessage error={linkError ?? 'auth.errors.resetLinkInvalid'} />
						<Link to="/forgot-password" className="text-primary text-center text-sm underline-offset-4 hover:underline">
							{t('auth.update.requestNew')}
						</Link>
					</div>
				) : (
					<Form method="post" className="grid gap-4" noValidate>
						<input type="hidden" name="token" value={token} />
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
