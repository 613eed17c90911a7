import { useTranslation } from '~/features/i18n/react.tsx'
import { Form, Link, useNavigation } from 'react-router'
import { FormField, FormMessage } from '~/components/form-field'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { requestPasswordReset } from '~/features/auth/flows.server.ts'
import { retryAfterHeader } from '~/features/security/rate-limit.server.ts'
import { echoedEmail, forgotSchema } from '~/features/auth/schemas.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import { pageMeta } from '~/features/marketing/seo.ts'
import { getEnv } from '~/lib/env.server.ts'
import { formLevelError, type FieldErrors } from '~/lib/field-errors.ts'
import { failure, parseBody, refused } from '~/lib/forms.server.ts'
import type { Route } from './+types/forgot-password'

export function loader({ request }: Route.LoaderArgs) {
	const t = getT(request)
	return { title: t('auth.forgot.title'), description: t('seo.forgot.description', { app: getEnv().APP_NAME }) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData)

type ActionData = { ok: boolean; email?: string; fields?: FieldErrors; error?: string; success?: string }

export async function action({ request }: Route.ActionArgs) {
	const parsed = await parseBody(request, forgotSchema)
	// Echoed into the re-rendered form: the page is static, so a refused post must not empty the field.
	const email = echoedEmail(parsed.values)
	if (!parsed.ok) return refused(parsed, { email })
	const result = await requestPasswordReset(request, parsed.data.email)
	if (!result.ok) return failure(result.error, result.status, undefined, retryAfterHeader(result.retryAfter), { email })
	return { ok: true, success: 'auth.forgot.sent' }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const navigation = useNavigation()
	const busy = navigation.state === 'submitting'
	const result = actionData as ActionData | undefined
	return (
		<Card>
			<CardHeader>
				<CardTitle className="text-2xl">
					<h1>{t('auth.forgot.title')}</h1>
				</CardTitle>
				<CardDescription>{t('auth.forgot.subtitle')}</CardDescription>
			</CardHeader>
			<CardContent>
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
					<Button type="submit" disabled={busy} data-busy-label={t('auth.forgot.busy')}>
						{busy ? t('auth.forgot.busy') : t('auth.forgot.submit')}
					</Button>
					<Link to="/login" className="text-primary text-center text-sm underline-offset-4 hover:underline">
						{t('auth.backToLogin')}
					</Link>
				</Form>
			</CardContent>
		</Card>
	)
}
