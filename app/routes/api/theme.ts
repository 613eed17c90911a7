import { redirect } from 'react-router'
import { isTheme, themeCookie } from '~/features/theme/config.ts'
import { failure, readFields } from '~/lib/forms.server.ts'
import { safeRedirect } from '~/lib/safe-redirect.ts'
import type { Route } from './+types/theme'
import { pageUrl } from '~/lib/page-url.ts'

// POST theme=system|light|dark: store the choice for a year; works without JavaScript too (the public pages have none).
export async function action({ request }: Route.ActionArgs) {
	// A body that is no form reads as empty: 400 below, like any other unsupported value.
	const read = await readFields(request)
	if (!read.ok) return failure(read.error, read.status)
	const theme = read.values.theme
	if (!isTheme(theme)) return failure('theme.errors.unsupported', 400)
	const secure = pageUrl(request).protocol === 'https:'
	const headers = { 'Set-Cookie': themeCookie(theme, secure) }
	const back = read.values.redirectTo
	if (typeof back === 'string' && back) return redirect(safeRedirect(back, '/'), { headers })
	return Response.json({ ok: true, theme }, { headers })
}

export function loader() {
	return redirect('/')
}
