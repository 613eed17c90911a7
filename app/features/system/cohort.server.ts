import fs from 'node:fs/promises'
import path from 'node:path'
import { and, asc, count, eq, like } from 'drizzle-orm'
import { applications, courses, learningPaths, lessons, modules, user, userProgress } from '#db/schema.ts'
import type { ApplicationStatus } from '~/features/applications/types.ts'
import type { ProfileInput } from '~/features/profile/schemas.ts'
import { getDb } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { log } from '~/lib/log.server.ts'
import { demoAccounts } from './demo-accounts.ts'
import { application, claim, completions, createLearner, enrollIn, passedChallengeAttempt, profile, quizAttempt, viewLesson } from './factories.server.ts'

/**
 * The demo cohort (issue 19): two dozen learners with eight weeks of history, so a fresh install shows boards,
 * habits, achievements and certificates with real data. Made with the feature functions requests use
 * (factories.server.ts), so every aggregate stays what the ledger says.
 *
 * Demo rows are recognised by the e-mail domain below (learners and applications); nothing else is touched,
 * except the demo learner's own history, which is written once, while it has none. Deterministic: the same
 * seeding day gives the same cohort (a seeded generator, dates counted back from that day).
 */
export const COHORT_DOMAIN = 'cohort.example.com'

type PathKey = 'blockchain' | 'contracts' | 'defi'
const PATH_SLUGS: Record<PathKey, string> = { blockchain: 'blockchain-web3', contracts: 'smart-contracts', defi: 'defi-protocols' }

type ProfileLevel = 'full' | 'some' | 'name' | 'none'

type Member = {
	name: string
	country: string
	city?: string
	/** Lessons done per path, in outline order ('all' finishes the path, challenges included: a certificate). */
	plan: [PathKey, number | 'all'][]
	/** Days before the seeding day of the first and the last activity. */
	from: number
	to: number
	/** Share of the days in the window with activity, and of quiz answers right. */
	diligence: number
	accuracy: number
	profile: ProfileLevel
	avatar: boolean
	/** Enrolled in these too, without activity yet. */
	alsoEnrolled?: PathKey[]
}

// Hand-written rather than drawn: the boards must read like a real cohort (a few finishers, a long middle, some
// who only signed up). Nobody but the recent ones is active in the seeding week, and none of them in Smart
// Contracts, so a learner who starts today can still top this week's boards.
const MEMBERS: Member[] = [
	{
		name: 'Mariana Costa',
		country: 'BR',
		city: 'São Paulo',
		plan: [
			['blockchain', 'all'],
			['contracts', 8],
		],
		from: 54,
		to: 9,
		diligence: 0.6,
		accuracy: 0.9,
		profile: 'full',
		avatar: true,
	},
	{
		name: 'Tiago Ferreira',
		country: 'PT',
		city: 'Lisboa',
		plan: [
			['blockchain', 'all'],
			['defi', 6],
		],
		from: 50,
		to: 8,
		diligence: 0.55,
		accuracy: 0.85,
		profile: 'full',
		avatar: true,
	},
	{
		name: 'Aisha Okafor',
		country: 'GB',
		city: 'London',
		plan: [['defi', 'all']],
		from: 47,
		to: 10,
		diligence: 0.5,
		accuracy: 0.95,
		profile: 'full',
		avatar: true,
	},
	{
		name: 'Lucas Almeida',
		country: 'BR',
		city: 'Recife',
		plan: [['blockchain', 'all']],
		from: 40,
		to: 12,
		diligence: 0.45,
		accuracy: 0.8,
		profile: 'some',
		avatar: true,
	},
	{
		name: 'Sofia Martins',
		country: 'BR',
		city: 'Curitiba',
		plan: [['blockchain', 'all']],
		from: 35,
		to: 15,
		diligence: 0.7,
		accuracy: 0.75,
		profile: 'full',
		avatar: false,
	},
	{ name: 'Daniel Kim', country: 'KR', plan: [['contracts', 10]], from: 45, to: 9, diligence: 0.4, accuracy: 0.85, profile: 'some', avatar: true },
	{
		name: 'Beatriz Rocha',
		country: 'BR',
		city: 'Belo Horizonte',
		plan: [['blockchain', 12]],
		from: 30,
		to: 1,
		diligence: 0.5,
		accuracy: 0.7,
		profile: 'full',
		avatar: true,
	},
	{ name: 'Nicolás Rojas', country: 'CL', plan: [['defi', 8]], from: 38, to: 11, diligence: 0.35, accuracy: 0.65, profile: 'name', avatar: true },
	{
		name: 'Camila Ribeiro',
		country: 'BR',
		city: 'Porto Alegre',
		plan: [
			['blockchain', 9],
			['contracts', 4],
		],
		from: 42,
		to: 8,
		diligence: 0.5,
		accuracy: 0.8,
		profile: 'some',
		avatar: false,
	},
	{
		name: 'Jonas Weber',
		country: 'DE',
		city: 'Berlin',
		plan: [['contracts', 6]],
		from: 28,
		to: 9,
		diligence: 0.4,
		accuracy: 0.9,
		profile: 'some',
		avatar: true,
	},
	{ name: 'Fernanda Lima', country: 'BR', plan: [['blockchain', 7]], from: 20, to: 0, diligence: 0.6, accuracy: 0.7, profile: 'name', avatar: true },
	{
		name: 'Rafael Souza',
		country: 'BR',
		city: 'Salvador',
		plan: [['blockchain', 8]],
		from: 25,
		to: 10,
		diligence: 0.5,
		accuracy: 0.6,
		profile: 'full',
		avatar: true,
	},
	{ name: 'Priya Nair', country: 'IN', city: 'Bengaluru', plan: [['defi', 5]], from: 18, to: 2, diligence: 0.5, accuracy: 0.85, profile: 'some', avatar: true },
	{ name: 'Gabriel Santos', country: 'BR', plan: [['contracts', 4]], from: 33, to: 14, diligence: 0.3, accuracy: 0.55, profile: 'name', avatar: false },
	{
		name: 'Inês Carvalho',
		country: 'PT',
		city: 'Porto',
		plan: [['blockchain', 5]],
		from: 16,
		to: 1,
		diligence: 0.55,
		accuracy: 0.8,
		profile: 'some',
		avatar: true,
	},
	{
		name: 'Mateo García',
		country: 'AR',
		city: 'Buenos Aires',
		plan: [['blockchain', 4]],
		from: 22,
		to: 9,
		diligence: 0.4,
		accuracy: 0.7,
		profile: 'name',
		avatar: true,
	},
	{ name: 'Larissa Gomes', country: 'BR', plan: [['defi', 3]], from: 14, to: 8, diligence: 0.5, accuracy: 0.65, profile: 'none', avatar: false },
	{
		name: 'Ethan Brooks',
		country: 'US',
		city: 'Austin',
		plan: [['contracts', 3]],
		from: 27,
		to: 19,
		diligence: 0.3,
		accuracy: 0.9,
		profile: 'some',
		avatar: true,
	},
	{ name: 'Yuki Tanaka', country: 'JP', plan: [['blockchain', 3]], from: 11, to: 0, diligence: 0.4, accuracy: 0.85, profile: 'name', avatar: true },
	{
		name: 'Pedro Oliveira',
		country: 'BR',
		city: 'Fortaleza',
		plan: [['blockchain', 2]],
		from: 9,
		to: 8,
		diligence: 1,
		accuracy: 0.6,
		profile: 'none',
		avatar: false,
	},
	{ name: 'Chloé Dubois', country: 'FR', plan: [['blockchain', 1]], from: 30, to: 30, diligence: 1, accuracy: 0.7, profile: 'name', avatar: true },
	{ name: 'Amara Diallo', country: 'FR', plan: [], from: 0, to: 0, diligence: 0, accuracy: 0, profile: 'name', avatar: true, alsoEnrolled: ['blockchain'] },
	{ name: 'Bruno Teixeira', country: 'BR', plan: [], from: 0, to: 0, diligence: 0, accuracy: 0, profile: 'none', avatar: false, alsoEnrolled: ['contracts'] },
	{ name: 'Helena Duarte', country: 'BR', plan: [], from: 0, to: 0, diligence: 0, accuracy: 0, profile: 'none', avatar: false },
]

export const COHORT_SIZE = MEMBERS.length

const APPLICATIONS: { type: 'professional' | 'company' | 'investor'; name: string; status: ApplicationStatus; days: number; extra: Record<string, string> }[] =
	[
		{
			type: 'professional',
			name: 'Renata Vieira',
			status: 'new',
			days: 1,
			extra: {
				experience: 'intermediate',
				portfolio: 'github.com/renata-vieira',
				message: 'Front-end developer moving to Solidity; I finished the Blockchain path here.',
			},
		},
		{
			type: 'company',
			name: 'Marcelo Pinto',
			status: 'new',
			days: 3,
			extra: { company: 'Pix Ledger Labs', message: 'We are hiring two smart contract engineers in São Paulo.' },
		},
		{
			type: 'professional',
			name: 'Kwame Mensah',
			status: 'contacted',
			days: 6,
			extra: { experience: 'beginner', message: 'Self-taught, two years of Python, keen to learn Solidity.' },
		},
		{
			type: 'investor',
			name: 'Laura Azevedo',
			status: 'contacted',
			days: 10,
			extra: { company: 'Azevedo Ventures', investmentAmount: '50k-100k', timeline: 'quarter' },
		},
		{ type: 'company', name: 'Hannah Schulz', status: 'accepted', days: 15, extra: { company: 'Nordlicht DeFi', message: 'Happy to mentor the next cohort.' } },
		{ type: 'professional', name: 'Diego Moreno', status: 'rejected', days: 19, extra: { experience: 'advanced', portfolio: 'diego-moreno.dev' } },
	]

/** Mulberry32: a small seeded generator, so the cohort is the same on every machine. */
function random(seed: number) {
	let a = seed >>> 0
	return () => {
		a = (a + 0x6d2b79f5) >>> 0
		let t = a
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
}

const DAY = 86_400_000

function emailOf(name: string) {
	const local = name
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z]+/g, '.')
	return `${local}@${COHORT_DOMAIN}`
}

/** A small geometric avatar as an SVG data URL (the image policy allows data:, and nothing leaves the site). */
function avatarOf(name: string, rnd: () => number) {
	const hue = Math.floor(rnd() * 360)
	const cells: string[] = []
	for (let y = 0; y < 5; y++)
		for (let x = 0; x < 3; x++) if (rnd() < 0.5) for (const cx of new Set([x, 4 - x])) cells.push(`<rect x="${cx}" y="${y}" width="1" height="1"/>`)
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1 -1 7 7"><rect x="-1" y="-1" width="7" height="7" fill="hsl(${hue} 60% 92%)"/><g fill="hsl(${hue} 55% 42%)">${cells.join('')}</g><title>${name}</title></svg>`
	return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

function profileOf(m: Member): Partial<ProfileInput> | null {
	if (m.profile === 'none') return null
	const base: Partial<ProfileInput> = { fullName: m.name, country: m.country }
	if (m.profile === 'name') return base
	const some: Partial<ProfileInput> = {
		...base,
		city: m.city ?? '',
		languages: m.country === 'BR' || m.country === 'PT' ? ['Português', 'English'] : ['English'],
		yearsExperience: 1 + (m.name.length % 7),
	}
	if (m.profile === 'some') return some
	const handle = emailOf(m.name).split('@')[0]!.replace(/\./g, '-')
	return {
		...some,
		stacks: ['TypeScript', 'React', 'Solidity'].slice(0, 1 + (m.name.length % 3)),
		skillsToDevelop: ['Security audits', 'DeFi', 'Foundry'].slice(m.name.length % 2),
		positionCompany: 'Developer',
		linkedinUrl: `https://linkedin.com/in/${handle}`,
		githubUrl: `https://github.com/${handle}`,
		career: { jobSearchStatus: 'actively_looking', workModes: ['remote'], desiredRoles: ['Smart contract engineer'] },
	}
}

type LessonInfo = { id: string; lessonType: string; courseOrder: number }

/** Published lessons of each demo path in outline order (paths an admin removed are simply left out). */
async function outline(): Promise<Partial<Record<PathKey, LessonInfo[]>>> {
	const db = await getDb()
	const rows = await db
		.select({ slug: learningPaths.slug, id: lessons.id, lessonType: lessons.lessonType, courseOrder: courses.order })
		.from(lessons)
		.innerJoin(modules, eq(modules.id, lessons.moduleId))
		.innerJoin(courses, eq(courses.id, modules.courseId))
		.innerJoin(learningPaths, eq(learningPaths.id, courses.pathId))
		.where(and(eq(lessons.isPublished, true), eq(modules.isPublished, true), eq(courses.isPublished, true), eq(learningPaths.isPublished, true)))
		.orderBy(asc(learningPaths.slug), asc(courses.order), asc(modules.order), asc(lessons.order))
	const out: Partial<Record<PathKey, LessonInfo[]>> = {}
	for (const [key, slug] of Object.entries(PATH_SLUGS) as [PathKey, string][]) {
		const list = rows.filter((r) => r.slug === slug)
		if (list.length) out[key] = list
	}
	return out
}

async function pathIdOf(key: PathKey) {
	const db = await getDb()
	const [row] = await db
		.select({ id: learningPaths.id })
		.from(learningPaths)
		.where(and(eq(learningPaths.slug, PATH_SLUGS[key]), eq(learningPaths.isPublished, true)))
	return row?.id ?? null
}

/**
 * What a learner does before a lesson counts as done at `at`: a quiz answered (retaken once when it went badly),
 * a challenge run until it passes. The completions themselves are written per learner in one bulk call.
 */
async function prepareLesson(userId: string, lesson: LessonInfo, at: Date, accuracy: number, rnd: () => number) {
	if (lesson.lessonType === 'quiz') {
		const share = Math.min(1, Math.max(0, accuracy + (rnd() - 0.5) * 0.3))
		// A pass completes the lesson at its own time: the attempts stay on the lesson's day (just after midnight
		// there is no room for twenty minutes before it), or the day's streak would move to the day before.
		const dayStart = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate())
		const first = Math.max(dayStart, at.getTime() - 20 * 60_000)
		const score = await quizAttempt(userId, lesson.id, { share, at: new Date(first) })
		// A poor first try is retaken, as learners do (and as a pass mark would require before completing).
		if (score.correct / score.total < 0.7)
			await quizAttempt(userId, lesson.id, { share: 1, at: new Date(Math.min(at.getTime(), Math.max(first + 1_000, at.getTime() - 5 * 60_000))) })
	}
	if (lesson.lessonType === 'challenge') await passedChallengeAttempt(userId, lesson.id, { at, failedRuns: Math.floor(rnd() * 4) })
	return { lessonId: lesson.id, at }
}

/** The days (before `today`) a learner was active: a window, thinned by diligence, never empty. */
function activeDays(m: Member, rnd: () => number) {
	const days: number[] = []
	for (let d = m.from; d >= m.to; d--) if (rnd() < m.diligence || d === m.from || d === m.to) days.push(d)
	return days
}

/** A time on the day `daysAgo` before `now`, never in the future and never on the day before (seeding just after midnight). */
function timeOn(now: Date, daysAgo: number, minuteOfDay: number) {
	const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysAgo * DAY
	return new Date(Math.max(midnight, Math.min(midnight + minuteOfDay * 60_000, now.getTime() - 60_000)))
}

async function seedMember(m: Member, index: number, lessonsOf: Partial<Record<PathKey, LessonInfo[]>>, now: Date): Promise<CohortCertificate[]> {
	const rnd = random(1000 + index)
	const learner = await createLearner({
		name: m.name,
		email: emailOf(m.name),
		image: m.avatar ? avatarOf(m.name, rnd) : null,
		createdAt: new Date(now.getTime() - (m.from + 1 + Math.floor(rnd() * 5)) * DAY),
	})
	const p = profileOf(m)
	if (p) await profile(learner.id, p)
	for (const key of m.alsoEnrolled ?? []) {
		const id = await pathIdOf(key)
		if (id) await enrollIn(learner.id, id)
	}
	const todo = m.plan.flatMap(([key, n]) => {
		const list = lessonsOf[key] ?? []
		return n === 'all' ? list : list.filter((l) => l.lessonType !== 'challenge').slice(0, n)
	})
	if (!todo.length) return []
	const days = activeDays(m, rnd)
	let minute = 0
	let lastDay = -1
	const done: { lessonId: string; at: Date }[] = []
	for (const [i, lesson] of todo.entries()) {
		const day = days[Math.floor((i * days.length) / todo.length)]!
		minute = day === lastDay ? minute + 15 + Math.floor(rnd() * 30) : 7 * 60 + Math.floor(rnd() * 13 * 60)
		lastDay = day
		done.push(await prepareLesson(learner.id, lesson, timeOn(now, day, minute), m.accuracy, rnd))
	}
	const { certificates } = await completions(learner.id, done)
	return certificates.map((id) => ({ id, learner: m.name }))
}

/**
 * The demo learner part-way through Blockchain & Web3 Foundations: its first course done over the past two
 * weeks, half of the second in the last four days (a streak that includes today), and the next lesson opened,
 * so 'Pick up where you left off', habits, rank and achievements all have something to show.
 */
async function seedDemoLearner(lessonsOf: Partial<Record<PathKey, LessonInfo[]>>, now: Date) {
	const db = await getDb()
	const [demo] = await db.select({ id: user.id }).from(user).where(eq(user.email, demoAccounts.learner.email))
	const list = lessonsOf.blockchain
	if (!demo || !list) return false
	const [{ n }] = (await db.select({ n: count() }).from(userProgress).where(eq(userProgress.userId, demo.id))) as [{ n: number }]
	if (Number(n) > 0) return false // someone has used the account: their history stays theirs
	const rnd = random(7)
	const firstCourse = list.filter((l) => l.courseOrder === list[0]!.courseOrder)
	const secondCourse = list.filter((l) => l.courseOrder !== list[0]!.courseOrder && l.courseOrder === list[firstCourse.length]?.courseOrder)
	const half = secondCourse.slice(0, Math.floor(secondCourse.length / 2))
	const earlyDays = [16, 15, 13, 12, 10, 9, 8, 6, 5]
	const done: { lessonId: string; at: Date }[] = []
	for (const [i, lesson] of firstCourse.entries())
		done.push(await prepareLesson(demo.id, lesson, timeOn(now, earlyDays[i % earlyDays.length]!, 19 * 60 + i * 7), 0.8, rnd))
	for (const [i, lesson] of half.entries()) done.push(await prepareLesson(demo.id, lesson, timeOn(now, Math.max(0, half.length - 1 - i), 8 * 60 + i), 0.8, rnd))
	await completions(demo.id, done)
	const next = secondCourse[half.length]
	if (next) await viewLesson(demo.id, next.id)
	await profile(demo.id, { fullName: demoAccounts.learner.name, country: 'BR', city: 'Florianópolis', languages: ['Português', 'English'] })
	// One achievement already claimed; the others it has earned wait on the page to be claimed.
	await claim(demo.id, 'first-lesson')
	return true
}

async function seedApplications(now: Date) {
	const db = await getDb()
	const [{ n }] = (await db
		.select({ n: count() })
		.from(applications)
		.where(like(applications.email, `%@${COHORT_DOMAIN}`))) as [{ n: number }]
	if (Number(n) > 0) return 0
	for (const a of APPLICATIONS) {
		await application(
			{ type: a.type, name: a.name, email: emailOf(a.name), ...a.extra },
			{ status: a.status, at: new Date(now.getTime() - a.days * DAY - 3_600_000) },
		)
	}
	return APPLICATIONS.length
}

export type CohortCertificate = { id: string; learner: string }
export type CohortResult = { learners: number; demoLearner: boolean; applications: number }

/** Where a fresh cohort lists its certificates: the e2e tests open them by id, not by reading pages. */
export const cohortManifestPath = () => path.join(getEnv().DATA_DIR, 'demo-cohort.json')

async function writeManifest(certificates: CohortCertificate[], now: Date) {
	try {
		// On PostgreSQL nothing else may have made DATA_DIR yet (the soak's --pg run found it missing).
		await fs.mkdir(path.dirname(cohortManifestPath()), { recursive: true })
		await fs.writeFile(cohortManifestPath(), `${JSON.stringify({ seededAt: now.toISOString(), certificates }, null, '\t')}\n`)
	} catch (error) {
		// Only tests read it; a read-only data directory must not stop the start.
		log.warn('demo cohort manifest not written', { message: error instanceof Error ? error.message : String(error) })
	}
}

/**
 * Seed the cohort unless it is there. A cohort left half-made (a start cut short) is removed and made again;
 * deleting its learners cascades to their rows only.
 */
export async function seedCohort({ now = new Date() }: { now?: Date } = {}): Promise<CohortResult> {
	const db = await getDb()
	const started = Date.now()
	const lessonsOf = await outline()
	const appsMade = await seedApplications(now)
	const demoLearner = await seedDemoLearner(lessonsOf, now)
	const cohortEmail = like(user.email, `%@${COHORT_DOMAIN}`)
	const [{ n }] = (await db.select({ n: count() }).from(user).where(cohortEmail)) as [{ n: number }]
	let learners = 0
	if (Number(n) !== MEMBERS.length) {
		if (Number(n) > 0) await db.delete(user).where(cohortEmail)
		const certificates: CohortCertificate[] = []
		for (const [i, m] of MEMBERS.entries()) certificates.push(...(await seedMember(m, i, lessonsOf, now)))
		learners = MEMBERS.length
		await writeManifest(certificates, now)
	}
	if (learners || appsMade || demoLearner) log.info('demo cohort seeded', { learners, applications: appsMade, demoLearner, ms: Date.now() - started })
	return { learners, demoLearner, applications: appsMade }
}
