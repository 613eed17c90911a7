// npm run bench:learning — server time of the dashboard and the course player on a filled database.
// Prints a Markdown table and writes bench/results/learning.json. Medians of repeated in-process calls.
import fs from 'node:fs'
import { performance } from 'node:perf_hooks'
import { openDatabase } from '#db/client.server.ts'
import { courses, userProgress } from '#db/schema.ts'
import { getCourseOutline, getVisibleLesson } from '~/features/catalog/catalog.server.ts'
import { lessonBody } from '~/features/lessons/lesson-view.server.ts'
import { dashboardHome } from '~/features/progress/dashboard.server.ts'
import { markViewed } from '~/features/progress/progress.server.ts'
import { setDbHandleForTests } from '~/lib/db.server.ts'
import { fillBenchData, setCompletions } from './bench-data.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 30)

async function median(fn: () => Promise<unknown>) {
	for (let i = 0; i < 3; i++) await fn() // warm up caches and JIT
	const times: number[] = []
	for (let i = 0; i < RUNS; i++) {
		const t0 = performance.now()
		await fn()
		times.push(performance.now() - t0)
	}
	times.sort((a, b) => a - b)
	return times[Math.floor(times.length / 2)]!
}

const handle = await openDatabase({ dataDir: 'memory://' })
setDbHandleForTests(handle)
const db = handle.db
const t0 = performance.now()
await fillBenchData(db, { paths: 3, coursesPerPath: 10, modulesPerCourse: 5, lessonsPerModule: 10, learners: 1000, completions: 50_000 })
const fillMs = performance.now() - t0
const completions = await db.$count(userProgress)
const [{ id: courseId }] = await db.select({ id: courses.id }).from(courses).orderBy(courses.id).limit(1)

async function player(userId: string) {
	const outline = await getCourseOutline(courseId, userId)
	const first = outline!.modules[0]!.lessons[0]!
	const lesson = await getVisibleLesson(first.id)
	await markViewed(userId, first.id)
	await lessonBody(userId, lesson!)
}

const rows: { case: string; completions: number; dashboardMs: number; playerMs: number }[] = []
for (const n of [10, 100, 1000]) {
	await setCompletions(db, 'bench-user-1', n)
	rows.push({
		case: `learner with ${n} completions`,
		completions: n,
		dashboardMs: await median(() => dashboardHome('bench-user-1')),
		playerMs: await median(() => player('bench-user-1')),
	})
}
await handle.close()

const result = { date: new Date().toISOString(), runs: RUNS, dataset: { learners: 1000, lessons: 1500, completions }, fillMs: Math.round(fillMs), rows }
fs.mkdirSync('bench/results', { recursive: true })
fs.writeFileSync('bench/results/learning.json', JSON.stringify(result, null, 2) + '\n')
console.log(
	`\nDataset: 1,000 learners, 1,500 lessons, ${completions.toLocaleString('en-US')} completions (filled in ${(fillMs / 1000).toFixed(1)} s, PGlite in memory)\n`,
)
console.log('| case | dashboard median (ms) | course player median (ms) |')
console.log('|---|---|---|')
for (const r of rows) console.log(`| ${r.case} | ${r.dashboardMs.toFixed(2)} | ${r.playerMs.toFixed(2)} |`)
const ratio = Math.max(...rows.map((r) => r.dashboardMs)) / Math.min(...rows.map((r) => r.dashboardMs))
console.log(`\nDashboard largest/smallest: ${ratio.toFixed(2)}x`)
