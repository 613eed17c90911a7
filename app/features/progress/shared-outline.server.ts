import { getCourseOutline, getPathOverview } from '~/features/catalog/catalog.server.ts'
import type { Language } from '~/features/i18n/config.ts'
import { pageUrl } from '~/lib/page-url.ts'

/**
 * A published path's outline for visitors without an account: titles of its courses, modules and lessons,
 * with lesson types and XP, and nothing else (no lesson body, no quiz, no progress). Null when the path is
 * not published or does not exist. Texts are in the visitor's language (the language cookie or header).
 */
export async function publicOutline(pathId: string, lang: Language = 'en-US') {
	const path = await getPathOverview(pathId, '', false, lang)
	if (!path) return null
	const courses = await Promise.all(
		path.courses.map(async (c) => {
			const outline = await getCourseOutline(c.id, '', false, lang)
			return {
				id: c.id,
				title: c.title,
				summary: c.summary,
				modules: (outline?.modules ?? []).map((m) => ({
					id: m.id,
					title: m.title,
					lessons: m.lessons.map((l) => ({ id: l.id, title: l.title, lessonType: l.lessonType, xpValue: l.xpValue })),
				})),
			}
		}),
	)
	return { id: path.id, title: path.title, description: path.description, courses }
}

/**
 * Where a visitor without a session who follows a shared learning link goes: the path's public outline
 * (/paths/:id) for a path or course address, or null (the usual sign-in redirect) for anything else.
 */
export async function sharedOutlineTarget(request: Request): Promise<string | null> {
	// Only a visit: after a refused post, React Router loads the page with a GET that keeps the post's headers.
	if ((request.method !== 'GET' && request.method !== 'HEAD') || request.headers.get('content-type')) return null
	const url = pageUrl(request)
	const path = url.pathname.match(/^\/dashboard\/learn\/path\/([^/]+)\/?$/)?.[1]
	if (path) return (await getPathOverview(path, '', false)) ? `/paths/${path}` : null
	const course = url.pathname.match(/^\/dashboard\/learn\/course\/([^/]+)\/?$/)?.[1]
	if (course) {
		const outline = await getCourseOutline(course, '', false)
		return outline ? `/paths/${outline.pathId}` : null
	}
	return null
}
