import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '#db/client.server.ts'
import { completion, createCurriculum } from '#tests/support/factories.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import { createAccount } from '~/features/auth/accounts.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
import { itemHistory } from './audit.server.ts'
import { contentAction } from './actions.server.ts'
import { createItem, deleteItem, moveItem, setPublished, updateItem } from './content.server.ts'
import { listLessonPage } from './lesson-list.server.ts'
import { contentOptions, listCourses, listPaths } from './lists.server.ts'
import { courseFormSchema, moduleFormSchema, pathFormSchema } from './schemas.ts'

let h: DbHandle
let actor: string

beforeAll(async () => {
	h = await useTestDb()
	actor = (await createAccount(h.db, { email: 'boss@example.test', password: 'x-very-long-password', role: 'admin', name: 'Boss' })).id
})

const path = (slug: string, extra: Record<string, string> = {}) => pathFormSchema.parse({ title: `Path ${slug}`, slug, ...extra })
const course = (pathId: string, slug: string, order: number, extra: Record<string, string> = {}) =>
	courseFormSchema.parse({ path_id: pathId, title: `Course ${slug}`, slug, order: String(order), ...extra })
const mod = (courseId: string, slug: string, order: number) =>
	moduleFormSchema.parse({ course_id: courseId, title: `Module ${slug}`, slug, order: String(order) })

async function ok<T extends { ok: boolean }>(p: Promise<T>) {
	const r = await p
	expect(r.ok, JSON.stringify(r)).toBe(true)
	return r as Extract<T, { ok: true }>
}
async function orders(pathId: string) {
	return rowsOf<{ slug: string; order: number }>(await h.db.execute(sql`SELECT slug, "order" FROM courses WHERE path_id = ${pathId} ORDER BY "order"`))
}

describe('admin content writes', () => {
	it('creates, places, moves and renumbers courses within their path', async () => {
		const { id: pathId } = await ok(createItem('path', actor, path('order-path'), h.db))
		const a = await ok(createItem('course', actor, course(pathId, 'aaa', 1), h.db))
		const b = await ok(createItem('course', actor, course(pathId, 'bbb', 9), h.db))
		await ok(createItem('course', actor, course(pathId, 'ccc', 1), h.db))
		expect(await orders(pathId)).toEqual([
			{ slug: 'ccc', order: 1 },
			{ slug: 'aaa', order: 2 },
			{ slug: 'bbb', order: 3 },
		])
		await ok(moveItem('course', actor, b.id, -1, h.db))
		expect((await orders(pathId)).map((r) => r.slug)).toEqual(['ccc', 'bbb', 'aaa'])
		// Moving the first item up changes nothing.
		const [first] = rowsOf<{ id: string }>(await h.db.execute(sql`SELECT id FROM courses WHERE slug = 'ccc'`))
		await ok(moveItem('course', actor, first!.id, -1, h.db))
		expect((await orders(pathId)).map((r) => r.slug)).toEqual(['ccc', 'bbb', 'aaa'])
		await ok(updateItem('course', actor, a.id, course(pathId, 'aaa', 1), h.db))
		expect((await orders(pathId)).map((r) => r.slug)).toEqual(['aaa', 'ccc', 'bbb'])
		await ok(deleteItem('course', actor, first!.id, h.db))
		expect(await orders(pathId)).toEqual([
			{ slug: 'aaa', order: 1 },
			{ slug: 'bbb', order: 2 },
		])
	})

	it('keeps orders 1..n under concurrent moves and creates', async () => {
		const { id: pathId } = await ok(createItem('path', actor, path('race-path'), h.db))
		const ids: string[] = []
		for (let i = 1; i <= 5; i++) ids.push((await ok(createItem('course', actor, course(pathId, `race-${i}`, i), h.db))).id)
		await Promise.all([
			...ids.map((id, i) => moveItem('course', actor, id, i % 2 ? 1 : -1, h.db)),
			createItem('course', actor, course(pathId, 'race-new', 2), h.db),
			deleteItem('course', actor, ids[2]!, h.db),
		])
		expect((await orders(pathId)).map((r) => r.order)).toEqual([1, 2, 3, 4, 5])
	})

	it('maps a duplicate slug within the parent to a field error, and allows it in another parent', async () => {
		const { id: p1 } = await ok(createItem('path', actor, path('dup-one'), h.db))
		const { id: p2 } = await ok(createItem('path', actor, path('dup-two'), h.db))
		await ok(createItem('course', actor, course(p1, 'same', 1), h.db))
		const clash = await createItem('course', actor, course(p1, 'same', 1), h.db)
		expect(clash).toEqual({ ok: false, status: 409, error: 'admin.errors.slugTaken', fields: { slug: 'admin.errors.slugTaken' } })
		await ok(createItem('course', actor, course(p2, 'same', 1), h.db))
		expect(await createItem('path', actor, path('dup-one'), h.db)).toMatchObject({ ok: false, fields: { slug: 'admin.errors.slugTaken' } })
		// An unknown parent is a field error too.
		expect(await createItem('course', actor, course('00000000-0000-4000-8000-000000000000', 'zzz', 1), h.db)).toMatchObject({
			ok: false,
			status: 400,
			fields: { path_id: 'admin.errors.selectPath' },
		})
	})

	it('follows the published_at rules and records who changed what', async () => {
		const { id } = await ok(createItem('path', actor, path('pub-path', { is_published: 'on' }), h.db))
		const at = async () =>
			rowsOf<{ p: Date | null; by: string }>(await h.db.execute(sql`SELECT published_at AS p, updated_by AS by FROM learning_paths WHERE id = ${id}`))[0]!
		const first = (await at()).p
		expect(first).not.toBeNull()
		await ok(updateItem('path', actor, id, path('pub-path', { is_published: 'true', title: 'Renamed path' }), h.db))
		expect((await at()).p).toEqual(first)
		await ok(setPublished('path', actor, id, false, h.db))
		expect((await at()).p).toBeNull()
		await ok(setPublished('path', actor, id, true, h.db))
		expect((await at()).p).not.toBeNull()
		await ok(updateItem('path', actor, id, path('pub-path', { is_published: '' }), h.db))
		expect(await at()).toEqual({ p: null, by: actor })
		const history = await itemHistory('path', id, h.db)
		expect(history.map((e) => e.action)).toEqual(['update', 'publish', 'unpublish', 'update', 'create'])
		expect(history[3]!.changes).toMatchObject({ title: { from: 'Path pub-path', to: 'Renamed path' } })
		expect(history[0]!.actorName).toBe('Boss')
	})

	it('deleting a course removes its modules, lessons and learners progress', async () => {
		const { course: c, module: m, lessons } = await createCurriculum()
		const l = lessons[0]!
		// Progress and XP as a learner earns them.
		expect(await completion(actor, l.id)).toMatchObject({ xpAwarded: 10 })
		await ok(deleteItem('course', actor, c.id, h.db))
		const [left] = rowsOf<{ m: number; l: number; p: number; x: number }>(
			await h.db.execute(sql`SELECT
				(SELECT count(*)::int FROM modules WHERE id = ${m.id}) AS m,
				(SELECT count(*)::int FROM lessons WHERE id = ${l.id}) AS l,
				(SELECT count(*)::int FROM user_progress WHERE lesson_id = ${l.id}) AS p,
				(SELECT count(*)::int FROM xp_ledger WHERE source_id = ${l.id}) AS x`),
		)
		expect(left).toEqual({ m: 0, l: 0, p: 0, x: 0 })
		const [deleted] = await itemHistory('course', c.id, h.db)
		expect(deleted).toMatchObject({ action: 'delete', changes: { removed: { modules: 1, lessons: 1 } } })
	})

	it('moves a module to another course and renumbers both', async () => {
		const { id: pathId } = await ok(createItem('path', actor, path('moving-path'), h.db))
		const c1 = await ok(createItem('course', actor, course(pathId, 'from', 1), h.db))
		const c2 = await ok(createItem('course', actor, course(pathId, 'to-course', 2), h.db))
		const m1 = await ok(createItem('module', actor, mod(c1.id, 'm-one', 1), h.db))
		await ok(createItem('module', actor, mod(c1.id, 'm-two', 2), h.db))
		await ok(createItem('module', actor, mod(c2.id, 'm-three', 1), h.db))
		await ok(updateItem('module', actor, m1.id, mod(c2.id, 'm-one', 1), h.db))
		const list = rowsOf<{ slug: string; order: number; course: string }>(
			await h.db.execute(
				sql`SELECT slug, "order", course_id AS course FROM modules WHERE course_id IN (${c1.id}, ${c2.id}) ORDER BY course_id = ${c1.id} DESC, "order"`,
			),
		)
		expect(list.map((r) => `${r.course === c1.id ? 'c1' : 'c2'}:${r.slug}:${r.order}`)).toEqual(['c1:m-two:1', 'c2:m-one:1', 'c2:m-three:2'])
	})

	it('answers bad intents and bad input with 4xx, never a throw', async () => {
		const posted = (form: Record<string, string>) =>
			new Request('http://x/', { method: 'POST', body: new URLSearchParams(form), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
		const status = async (form: Record<string, string>) => (await contentAction('course', actor, posted(form))).init?.status ?? 200
		expect(await status({})).toBe(400)
		expect(await status({ intent: 'explode' })).toBe(400)
		expect(await status({ intent: 'delete', id: 'nope' })).toBe(400)
		expect(await status({ intent: 'delete', id: '00000000-0000-4000-8000-000000000000' })).toBe(404)
		expect(await status({ intent: 'create', title: 'x' })).toBe(400)
		expect(await status({ intent: 'move-up', id: '00000000-0000-4000-8000-000000000000' })).toBe(404)
		expect(
			await contentAction(
				'course',
				actor,
				new Request('http://x/', { method: 'POST', body: '{"intent":"create"', headers: { 'content-type': 'application/json' } }),
			),
		).toMatchObject({ init: { status: 400 } })
		const result = await contentAction('path', actor, posted({ intent: 'create', title: 'ab', slug: 'Bad Slug' }))
		expect(result.data).toMatchObject({ ok: false, fields: { title: 'admin.errors.titleMin', slug: 'admin.errors.slugFormat' } })
	})

	it('lists with counts and filters in one query each', async () => {
		const paths = await listPaths()
		expect(paths.find((p) => p.slug === 'order-path')).toMatchObject({ courseCount: 2, updatedByName: 'Boss' })
		const opts = await contentOptions()
		const orderPath = opts.paths.find((p) => p.title === 'Path order-path')!
		expect(orderPath.childCount).toBe(2)
		const courses = await listCourses({ path: orderPath.id })
		expect(courses.map((c) => `#${c.order} ${c.slug}`)).toEqual(['#1 aaa', '#2 bbb'])
		expect((await listLessonPage({ page: 1, module: '00000000-0000-4000-8000-000000000000' })).lessons).toEqual([])
	})
})
