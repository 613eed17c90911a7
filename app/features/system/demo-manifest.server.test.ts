import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCourse, createLearner, createLesson, createModule, createPath } from '#tests/support/factories.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import { resetEnvForTests } from '~/lib/env.server.ts'
import { demoAccounts } from './demo-accounts.ts'
import { demoManifestPath, writeDemoManifest } from './demo-manifest.server.ts'
import type { DemoManifest } from './demo-manifest.ts'

// The end-to-end tests take their ids from this file, so it must list what a learner sees, in the outline's order.

const saved = process.env.DATA_DIR
let dir: string

beforeAll(async () => {
	await useTestDb()
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-manifest-'))
	process.env.DATA_DIR = dir
	resetEnvForTests()
})
afterAll(() => {
	process.env.DATA_DIR = saved
	resetEnvForTests()
	fs.rmSync(dir, { recursive: true, force: true })
})

describe('the demo curriculum manifest', () => {
	it('lists the published chain in outline order with each lesson type, and the demo accounts, in DATA_DIR', async () => {
		const path_ = await createPath({ slug: 'aaa-manifest', title: 'Manifest path', titlePt: 'Trilha do manifesto' })
		const second = await createCourse(path_.id, { slug: 'second', order: 2 })
		const first = await createCourse(path_.id, { slug: 'first', order: 1 })
		await createCourse(path_.id, { slug: 'draft-course', order: 3, isPublished: false })
		const m2 = await createModule(first.id, { slug: 'm2', order: 2 })
		const m1 = await createModule(first.id, { slug: 'm1', order: 1 })
		const quiz = await createLesson(m1.id, 'quiz', { slug: 'quiz', order: 2, xpValue: 30 })
		const text = await createLesson(m1.id, 'text', { slug: 'text', order: 1 })
		await createLesson(m1.id, 'video', { slug: 'draft', order: 3, isPublished: false })
		const challenge = await createLesson(m2.id, 'challenge', { slug: 'challenge', order: 1 })
		const later = await createLesson((await createModule(second.id, { slug: 'm3' })).id, 'text', { slug: 'later' })
		const learner = await createLearner({ email: demoAccounts.learner.email })

		await writeDemoManifest()
		expect(demoManifestPath()).toBe(path.join(dir, 'demo-curriculum.json'))
		const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'demo-curriculum.json'), 'utf8')) as DemoManifest
		const p = manifest.paths.find((x) => x.slug === 'aaa-manifest')!
		expect(p).toMatchObject({ id: path_.id, title: 'Manifest path', titlePt: 'Trilha do manifesto' })
		expect(p.courses.map((c) => c.id)).toEqual([first.id, second.id])
		expect(p.courses[0]!.modules.map((m) => m.id)).toEqual([m1.id, m2.id])
		expect(p.courses.flatMap((c) => c.modules.flatMap((m) => m.lessons.map((l) => [l.id, l.type, l.xp])))).toEqual([
			[text.id, 'text', 10],
			[quiz.id, 'quiz', 30],
			[challenge.id, 'challenge', 10],
			[later.id, 'text', 10],
		])
		expect(manifest.accounts).toEqual({ learner: { id: learner.id, email: demoAccounts.learner.email } })
		expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([])
	})
})
