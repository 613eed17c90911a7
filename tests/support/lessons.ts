import fs from 'node:fs'
import path from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { demoPath, type LessonRef } from './demo.ts'

/** A demo path's Portuguese title, from its content file (content/<path>/_path.md); undefined when none. */
export function portugueseTitleOf(title: string): string | undefined {
	for (const dir of fs.readdirSync('content')) {
		const file = path.join('content', dir, '_path.md')
		if (!fs.existsSync(file)) continue
		const text = fs.readFileSync(file, 'utf8')
		const field = (name: string) => text.match(new RegExp(`^${name}:\\s*"?(.*?)"?\\s*$`, 'm'))?.[1]
		if (field('title') === title) return field('title_pt') || undefined
	}
	return undefined
}

export type { LessonRef }

/**
 * The lessons a learner sees in a published demo path (outline order), from the demo seeding's manifest
 * (tests/support/demo.ts) of the shared e2e server, or of the server whose `dataDir` is given. Code challenges
 * and quizzes are left out unless asked for: only a passing test run completes a challenge and only a passing
 * attempt a quiz, not the 'complete' post (completeLesson passes a quiz it is given).
 */
export function pathLessons(pathTitle: string, opts: { challenges?: boolean; quizzes?: boolean; dataDir?: string } = {}): LessonRef[] {
	const out: LessonRef[] = []
	for (const course of demoPath(pathTitle, opts.dataDir).courses) {
		for (const lesson of course.modules.flatMap((m) => m.lessons)) {
			if (lesson.type === 'challenge' && !opts.challenges) continue
			if (lesson.type === 'quiz' && !opts.quizzes) continue
			out.push({ courseId: course.id, lessonId: lesson.id, type: lesson.type, title: lesson.title })
		}
	}
	return out
}

/**
 * Decode a React Router single-fetch (turbo-stream) body of plain data: the first line is a flat array
 * whose objects map `_<key index>` to value indexes. Enough for loader and action data in these tests.
 */
export function decodeTurbo(text: string): unknown {
	const flat = JSON.parse(text.split('\n')[0]!) as unknown[]
	const seen = new Map<number, unknown>()
	const value = (i: number): unknown => {
		if (i < 0) return i === -5 ? null : undefined
		if (seen.has(i)) return seen.get(i)
		const v = flat[i]
		let out: unknown = v
		if (Array.isArray(v)) out = typeof v[0] === 'string' ? v : v.map((x) => value(x as number))
		else if (v && typeof v === 'object') {
			const o: Record<string, unknown> = {}
			seen.set(i, o)
			for (const [k, x] of Object.entries(v)) o[String(flat[Number(k.slice(1))])] = value(x as number)
			out = o
		}
		seen.set(i, out)
		return out
	}
	return value(0)
}

/** The first object in a decoded tree that has the given key. */
function find(tree: unknown, key: string): Record<string, unknown> | null {
	if (!tree || typeof tree !== 'object') return null
	if (!Array.isArray(tree) && key in tree) return tree as Record<string, unknown>
	for (const v of Object.values(tree)) {
		const hit = find(v, key)
		if (hit) return hit
	}
	return null
}

/** The first object of a single-fetch (`.data`) body that has `key`: an action's reply, a loader's record. */
export function dataWith(text: string, key: string): Record<string, unknown> | null {
	return find(decodeTurbo(text), key)
}

/** Every object in a decoded loader or action tree. */
export function objectsIn(tree: unknown): Record<string, unknown>[] {
	if (!tree || typeof tree !== 'object') return []
	const own = Array.isArray(tree) ? [] : [tree as Record<string, unknown>]
	return own.concat(Object.values(tree).flatMap(objectsIn))
}

type Answer = { ok: boolean; correct?: boolean; correctAnswer?: string; done?: boolean; passed?: boolean; xpAwarded?: number }

/** Answer one question of a quiz the way the player does; the server's verdict. */
export async function answerQuiz(request: APIRequestContext, ref: LessonRef, index: number, answer: string): Promise<Answer> {
	const res = await request.post(`/dashboard/learn/course/${ref.courseId}.data`, {
		form: { intent: 'answer', lessonId: ref.lessonId, index: String(index), answer },
	})
	if (res.status() >= 400) throw new Error(`answer failed: ${res.status()}`)
	return (find(decodeTurbo(await res.text()), 'correctAnswer') ?? { ok: false }) as Answer
}

/** The quiz's public questions (no answers) from the player's data. */
export async function quizQuestions(request: APIRequestContext, ref: LessonRef): Promise<{ question: string; options: string[] }[]> {
	const res = await request.get(`/dashboard/learn/course/${ref.courseId}.data?lesson=${ref.lessonId}`)
	const body = find(decodeTurbo(await res.text()), 'questions')
	if (!body) throw new Error('not a quiz')
	return body.questions as { question: string; options: string[] }[]
}

/**
 * Pass a quiz honestly: a first attempt with each question's first option reveals the right answers
 * (as the player does after each answer); when it falls short, a second attempt gives them.
 */
export async function passQuiz(request: APIRequestContext, ref: LessonRef): Promise<{ attempts: number; xpAwarded: number }> {
	const questions = await quizQuestions(request, ref)
	const right: string[] = []
	let last: Answer | undefined
	for (const [i, q] of questions.entries()) {
		last = await answerQuiz(request, ref, i, q.options[0]!)
		right.push(last.correctAnswer!)
	}
	if (last?.passed) return { attempts: 1, xpAwarded: last.xpAwarded ?? 0 }
	for (const [i, answer] of right.entries()) last = await answerQuiz(request, ref, i, answer)
	if (!last?.passed) throw new Error('the quiz was not passed with its right answers')
	return { attempts: 2, xpAwarded: last.xpAwarded ?? 0 }
}

/** Complete a lesson the way the course player does (the server awards its XP); a quiz is passed. */
export async function completeLesson(request: APIRequestContext, ref: LessonRef) {
	if (ref.type === 'quiz') {
		await passQuiz(request, ref)
		return
	}
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
