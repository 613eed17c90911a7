import { redirect } from 'react-router'
import { isLanguage, languageCookie } from '~/features/i18n/config.ts'
import { safeRedirect } from '~/lib/safe-redirect.ts'
import { failure, readFields } from '~/lib/forms.server.ts'
import type { Route } from './+types/language'
import { pageUrl } from '~/lib/page-url.ts'

// POST lang=pt-BR|en-US: store the choice for a year; works without JavaScript too.
export async function action({ request }: Route.ActionArgs) {
	// A body that is no form reads as empty: 400 below, like any other unsupported value.
	const read = await readFields(request)
	if (!read.ok) return failure(read.error, read.status)
	const form = read.values
	const lang = form.lang
	if (!isLanguage(lang)) return failure('errors.unsupportedLanguage', 400)
	const secure = pageUrl(request).protocol === 'https:'
	const headers = { 'Set-Cookie': languageCookie(lang, secure) }
	const back = form.redirectTo
	if (typeof back === 'string' && back) return redirect(safeRedirect(back, '/'), { headers })
	return Response.json({ ok: true, lang }, { headers })
}

export function loader() {
	return redirect('/')
}
