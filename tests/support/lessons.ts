import type { APIRequestContext } from '@playwright/test'

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

function unique(html: string, pattern: string) {
	return [...new Set([...html.matchAll(new RegExp(pattern, 'g'))].map((m) => m[1]!))]
}

export type LessonRef = { courseId: string; lessonId: string }

/**
 * The lessons a learner sees in a published path (outline order), read from the pages themselves. Code
 * challenges are left out unless asked for: only a passing test run completes them, not the 'complete' post.
 */
export async function pathLessons(request: APIRequestContext, pathTitle: string, opts: { challenges?: boolean } = {}): Promise<LessonRef[]> {
	const explore = await (await request.get('/dashboard/explore')).text()
	const escaped = pathTitle.replace(/&/g, '&amp;').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
	const pathId = explore.match(new RegExp(`<h3>${escaped}</h3>[\\s\\S]*?/dashboard/learn/path/(${uuid})`))?.[1]
	if (!pathId) throw new Error(`path not found: ${pathTitle}`)
	const overview = await (await request.get(`/dashboard/learn/path/${pathId}`)).text()
	const out: LessonRef[] = []
	for (const courseId of unique(overview, `/dashboard/learn/course/(${uuid})`)) {
		const player = await (await request.get(`/dashboard/learn/course/${courseId}`)).text()
		const challenges = new Set(unique(player, `<a [^>]*data-lesson-type="challenge"[^>]*\\?lesson=(${uuid})`).concat(unique(player, `<a [^>]*\\?lesson=(${uuid})"[^>]*data-lesson-type="challenge"`)))
		for (const lessonId of unique(player, `\\?lesson=(${uuid})`)) if (opts.challenges || !challenges.has(lessonId)) out.push({ courseId, lessonId })
	}
	return out
}

/** Complete a lesson the way the course player does (the server awards its XP). */
export async function completeLesson(request: APIRequestContext, ref: LessonRef) {
	const res = await request.post(`/dashboard/learn/course/${ref.courseId}`, { form: { intent: 'complete', lessonId: ref.lessonId } })
	if (res.status() >= 400) throw new Error(`complete failed: ${res.status()}`)
}

/** The learner's total XP as the dashboard shows it. */
export async function dashboardXP(request: APIRequestContext): Promise<number> {
	const html = await (await request.get('/dashboard')).text()
	const m = html.match(/data-testid="stat-totalXP"[^>]*>([^<]+)</)
	if (!m) throw new Error('no XP on the dashboard')
	return Number(m[1]!.replace(/[^\d]/g, ''))
}
