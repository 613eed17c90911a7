import { randomUUID } from 'node:crypto'
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test'
import fc from 'fast-check'
import { zipSync } from 'fflate'
import { taskIds } from '../../app/features/achievements/tasks.ts'
import { contentIntents, LESSON_TYPES } from '../../app/features/admin/schemas.ts'
import { applicationStatuses, applicationTypes, experienceLevels, investmentAmounts, timelines } from '../../app/features/applications/types.ts'
import { DISABLED_AUTH_PATHS } from '../../app/features/auth/endpoints.ts'
import { demo, expect, latestMail, test } from '#tests/support/fixtures.ts'
import { anyJson, hostileForm, hostileJson, hostileString, idOf, MEGABYTE, numberEdges, randomIp, scriptPayloads } from '#tests/support/hostile.ts'
import { demoCurriculum, demoLessons } from '#tests/support/demo.ts'
import { decodeTurbo, objectsIn } from '#tests/support/lessons.ts'
import { startPrivateServer, type PrivateServer } from '#tests/support/private-server.ts'
import { routeTable } from '#tests/support/route-table.ts'

/**
 * Property tests: malformed, oversized, wrong-typed and hostile input at every action and API route of
 * app/routes.ts, against the production build on a private database. Whatever comes in: never a 5xx, no
 * stack trace or SQL error in the answer, redirects only to this site, and when the request is refused
 * (4xx) the database is exactly as before (every table's row count and content hash, from /dev/db-digest;
 * only rate-limit counters may move). A route with an action, or an API route, without a property here
 * fails the first test. BAD_INPUT_RUNS sets the runs per property (default 25).
 */

type Who = 'anon' | 'learner' | 'admin' | 'spare'
type Req = {
	who: Who
	method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
	url: string
	form?: Record<string, string>
	json?: unknown
	raw?: string
	contentType?: string
	multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>
	accept?: string
}
type Ids = {
	real: string[]
	paths: string[]
	courses: string[]
	lessons: string[]
	modules: string[]
	refs: { courseId: string; lessonId: string }[]
	applications: string[]
	challenges: string[]
}
type Target = {
	who: Who[]
	requests: (ids: Ids) => fc.Arbitrary<Req>
	/** 4xx answers carry an error message (JSON or turbo-stream). */
	message?: boolean
	/** Requests always tried first: each one a bug this spec once found (regressions stay caught whatever the seed). */
	examples?: (ids: Ids) => Req[]
}

const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 25)

const email = fc.oneof(fc.emailAddress(), fc.constantFrom(demo.learner.email, demo.admin.email, 'nobody@example.test'))
const password = fc.oneof(fc.string({ minLength: 8, maxLength: 40 }), fc.constantFrom('password', 'Password123', 'short', 'blue-anchor-77'))
const redirectTo = fc.oneof(
	fc.constantFrom(
		'/dashboard',
		'https://evil.example/x',
		'//evil.example',
		'/\\evil.example',
		'javascript:alert(1)',
		'/%2F%2Fevil.example',
		'\t//evil.example',
	),
	hostileString,
)
const smallInt = (min: number, max: number) => fc.integer({ min, max }).map(String)
const slug = fc.stringMatching(/^[a-z0-9]{3,12}(-[a-z0-9]{1,6}){0,2}$/)
const pick = <T>(...values: T[]) => fc.constantFrom(...values)
const orHostile = (a: fc.Arbitrary<string>) => fc.oneof(a, hostileString)
const hex = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: length, maxLength: length })
const ethAddress = hex(40).map((h) => `0x${h}`)
const signatureLike = fc.oneof(
	hex(130).map((h) => `0x${h}`),
	pick('0x', `0x${'0'.repeat(1000)}`),
)
const siweLike = fc.oneof(
	ethAddress.map(
		(a) =>
			`localhost wants you to sign in with your Ethereum account:\n${a}\n\nSign in to Learnchain.\n\nURI: http://localhost\nVersion: 1\nChain ID: 1\nNonce: abcdefgh12345678\nIssued At: 2026-01-01T00:00:00Z`,
	),
	fc.string({ maxLength: 300 }),
)
/** encodeURIComponent, but a lone surrogate (which it refuses) goes as U+FFFD, as a browser sends it. */
const enc = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'))
/** Page actions are posted both as the browser's fetch (`.data`) and as a plain form post (no JavaScript). */
const pageUrl = (path: string) => fc.boolean().map((data) => (data ? `${path}.data` : path))

function adminContent(kind: 'path' | 'course' | 'module' | 'lesson'): Target {
	const fields = {
		intent: pick(...contentIntents),
		title: fc.string({ minLength: 3, maxLength: 60 }),
		slug,
		description: fc.string({ maxLength: 200 }),
		summary: fc.string({ maxLength: 100 }),
		order: smallInt(1, 30),
		duration_minutes: smallInt(0, 300),
		thumbnail_url: pick('https://i.ytimg.com/vi/x/hq.jpg', 'javascript:alert(1)', 'data:text/html,x', 'http://[::1', ''),
		is_published: pick('true', 'false', 'on', ''),
		lesson_type: pick(...LESSON_TYPES),
		xp_value: smallInt(0, 500),
		content: fc.oneof(fc.string({ maxLength: 200 }), pick('[{"question":"q","options":["a","b"],"correct_answer":"a"}]', '[{"question":1}]', '{}')),
	}
	return {
		who: ['admin', 'learner'],
		message: true,
		requests: (ids) =>
			fc
				.record({
					url: pageUrl(`/dashboard/admin/${kind}s`),
					form: hostileForm({ ...fields, id: pick(...ids.real), path_id: pick(...ids.real), course_id: pick(...ids.real), module_id: pick(...ids.real) }),
					who: fc.oneof({ arbitrary: fc.constant<Who>('admin'), weight: 4 }, { arbitrary: fc.constant<Who>('learner'), weight: 1 }),
				})
				.map(({ url, form, who }) => {
					// Deleting the demo curriculum would leave the later runs nothing real to aim at.
					if (form.intent === 'delete' && ids.real.includes(form.id ?? '')) form.id = randomUUID()
					return { who, method: 'POST', url, form }
				}),
	}
}

function hostileZip(): fc.Arbitrary<Buffer> {
	const entry = fc.tuple(
		fc.oneof(
			pick('paths/a/path.md', 'paths/a/courses/b/course.md', '../../etc/passwd', '/abs.md', 'paths/a/courses/b/modules/c/lessons/d.md'),
			hostileString.map((s) => s.slice(0, 100)),
		),
		fc.oneof(pick('---\ntitle: x\nslug: a\n---\nbody', '---\n: : :\n---', '---\ntitle: [1, {a: *x}]\n---'), hostileString),
	)
	return fc.oneof(
		fc.uint8Array({ maxLength: 2000 }).map((b) => Buffer.from(b)),
		fc.array(entry, { maxLength: 5 }).map((entries) => {
			const files: Record<string, Uint8Array> = {}
			for (const [name, body] of entries) files[name || 'x'] = new TextEncoder().encode(body)
			return Buffer.from(zipSync(files))
		}),
	)
}

/** Solidity a learner (or an attacker) might send: fine, broken, hostile imports, endless loops, huge. */
const solidity = fc.oneof(
	fc.constantFrom(
		'pragma solidity ^0.8.24; contract Counter { uint256 public count; function increment() external { count++; } }',
		'contract A { function f() external { while (true) {} } }',
		'contract A { function f(uint n) public returns (uint) { return f(n + 1); } }',
		'import "/etc/passwd"; contract A {}',
		'import "https://evil.example/x.sol"; contract A {}',
		'import "../../package.json";',
		'pragma solidity 0.4.0; contract A {}',
		'contract A { constructor() { selfdestruct(payable(msg.sender)); } }',
		'}}}{{{',
		'x'.repeat(25 * 1024),
	),
	fc.string({ maxLength: 300 }),
	hostileString,
)

/** A challenge route's JSON body, or something that is not one. */
function challengeRequests(url: string, who: Who, body: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Req> {
	return fc.oneof(
		{ arbitrary: body.map((json) => ({ who, method: 'POST' as const, url, contentType: 'application/json', json })), weight: 5 },
		{ arbitrary: anyJson.map((json) => ({ who, method: 'POST' as const, url, contentType: 'application/json', json })), weight: 1 },
		{
			arbitrary: fc
				.record({
					raw: fc.oneof(hostileString, pick('{"lessonId":', MEGABYTE)),
					contentType: pick('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
				})
				.map(({ raw, contentType }) => ({ who, method: 'POST' as const, url, contentType, raw })),
			weight: 1,
		},
	)
}

const targets: Record<string, Target> = {
	'/login': {
		who: ['anon'],
		message: true,
		examples: () => [
			// A body that is no form: the parser threw, a 500.
			{ who: 'anon', method: 'PUT', url: '/login', json: MEGABYTE, contentType: 'application/json' },
			{ who: 'anon', method: 'POST', url: '/login.data', json: { email: demo.learner.email }, contentType: 'application/json' },
		],
		requests: () =>
			fc.record({ url: pageUrl('/login'), form: hostileForm({ email, password, redirectTo }) }).map((r) => ({ who: 'anon', method: 'POST', ...r })),
	},
	'/signup': {
		who: ['anon'],
		message: true,
		requests: () =>
			fc
				.record({ url: pageUrl('/signup'), form: hostileForm({ email, password, confirmPassword: password }) })
				.map((r) => ({ who: 'anon', method: 'POST', ...r })),
	},
	'/forgot-password': {
		who: ['anon'],
		message: true,
		requests: () => fc.record({ url: pageUrl('/forgot-password'), form: hostileForm({ email }) }).map((r) => ({ who: 'anon', method: 'POST', ...r })),
	},
	'/login-oauth': {
		who: ['anon'],
		message: true,
		requests: () =>
			fc
				.record({ url: pageUrl('/login-oauth'), form: hostileForm({ provider: pick('github', 'google', 'apple'), redirectTo }) })
				.map((r) => ({ who: 'anon', method: 'POST', ...r })),
	},
	'/update-password': {
		who: ['anon'],
		message: true,
		requests: () =>
			fc
				.record({
					url: pageUrl('/update-password'),
					form: hostileForm({
						token: fc.oneof(fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: 20, maxLength: 40 }), fc.string()),
						password,
						confirmPassword: password,
					}),
				})
				.map((r) => ({ who: 'anon', method: 'POST', ...r })),
	},
	// Signed-in sessions are never ended here: the learner and admin keep theirs for the other properties.
	'/logout': { who: ['anon'], requests: () => hostileForm({ redirectTo }).map((form) => ({ who: 'anon', method: 'POST', url: '/logout', form })) },
	'/dashboard/explore': {
		who: ['learner'],
		message: true,
		requests: (ids) =>
			fc
				.record({ url: pageUrl('/dashboard/explore'), form: hostileForm({ intent: pick('enroll'), pathId: pick(...ids.paths) }) })
				.map((r) => ({ who: 'learner', method: 'POST', ...r })),
	},
	'/dashboard/learn/course/:courseId': {
		examples: (ids) => {
			// A lesson of another course: completed (XP written) before the page answered 404.
			const other = ids.refs.find((r) => r.courseId !== ids.refs[0]!.courseId)!
			return [
				{ who: 'learner', method: 'POST', url: `/dashboard/learn/course/${ids.refs[0]!.courseId}`, form: { intent: 'complete', lessonId: other.lessonId } },
			]
		},
		who: ['learner', 'admin'],
		message: true,
		requests: (ids) =>
			pick(...ids.refs).chain((ref) =>
				fc
					.record({
						course: fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: idOf(ids.courses), weight: 1 }),
						data: fc.boolean(),
						who: pick<Who>('learner', 'admin'),
						form: hostileForm({
							intent: pick('complete', 'answer'),
							lessonId: fc.constant(ref.lessonId),
							index: smallInt(0, 3),
							answer: fc.string({ maxLength: 30 }),
						}),
					})
					.map(({ course, data, who, form }) => ({
						who,
						method: 'POST' as const,
						url: `/dashboard/learn/course/${enc((course ?? ref.courseId).slice(0, 2000))}${data ? '.data' : ''}`,
						form,
					})),
			),
	},
	'/dashboard/profile': {
		examples: () => [
			// NUL in tags: PostgreSQL refused the jsonb, a 500.
			{
				who: 'learner',
				method: 'POST',
				url: '/dashboard/profile.data',
				contentType: 'application/json',
				json: { fullName: 'Ana', country: 'BR', stacks: ['x\u0000y'], career: { desiredRoles: ['\u0000'] } },
			},
		],
		who: ['learner'],
		message: true,
		requests: () => {
			const career = hostileJson({
				jobSearchStatus: pick('open', 'actively_looking', 'nope'),
				desiredRoles: fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 }),
				workModes: pick(['remote'], ['moon']),
				preferredLocations: fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 }),
				availabilityDate: pick('2026-02-30', '2026-01-01', '99999-01-01', ''),
				salaryExpectationUsd: fc.constantFrom<unknown>(-1, 1e308, 1.5, '12', 50000),
				openToRelocation: fc.boolean(),
			})
			const profile = hostileJson({
				fullName: fc.string({ minLength: 1, maxLength: 40 }),
				country: pick('BR', 'us', 'XX', ''),
				city: fc.string({ maxLength: 40 }),
				languages: fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 }),
				yearsExperience: pick(...numberEdges),
				stacks: fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 }),
				skillsToDevelop: fc.array(hostileString, { maxLength: 3 }),
				positionCompany: fc.string({ maxLength: 40 }),
				linkedinUrl: pick('linkedin.com/in/x', 'javascript:alert(1)//linkedin.com', 'https://linkedin.com.evil.example', ''),
				githubUrl: pick('github.com/x', 'https://evil.example/github.com', ''),
				career,
			})
			const body = fc.oneof(
				{ arbitrary: profile.map((json) => ({ json })), weight: 5 },
				{ arbitrary: anyJson.map((json) => ({ json })), weight: 2 },
				{ arbitrary: fc.oneof(hostileString, pick('{"fullName":', '{"a":1}}', 'null', '[]', MEGABYTE)).map((raw) => ({ raw })), weight: 2 },
			)
			return fc
				.record({ url: pageUrl('/dashboard/profile'), body })
				.map(({ url, body }) => ({ who: 'learner', method: 'POST', url, contentType: 'application/json', ...body }))
		},
	},
	'/dashboard/achievements': {
		who: ['learner'],
		message: true,
		requests: () =>
			fc
				.record({ url: pageUrl('/dashboard/achievements'), form: hostileForm({ intent: pick('claim', 'connect-github'), taskId: pick(...taskIds) }) })
				.map((r) => ({ who: 'learner', method: 'POST', ...r })),
	},
	'/dashboard/admin/paths': adminContent('path'),
	'/dashboard/admin/courses': adminContent('course'),
	'/dashboard/admin/modules': adminContent('module'),
	'/dashboard/admin/lessons': {
		...adminContent('lesson'),
		examples: (ids): Req[] => [
			// NUL in a title and in the Markdown: the insert failed, a 500.
			{
				who: 'admin',
				method: 'POST',
				url: '/dashboard/admin/lessons.data',
				form: {
					intent: 'create',
					module_id: ids.modules[0]!,
					title: 'Nul\u0000title',
					slug: 'nul-title',
					lesson_type: 'text',
					order: '1',
					xp_value: '5',
					content: 'a\u0000b',
				},
			},
			// A megabyte refused before it was read (403): the next request on that keep-alive connection hung.
			{ who: 'learner', method: 'POST', url: '/dashboard/admin/lessons', form: { intent: 'create', title: MEGABYTE } },
			{ who: 'learner', method: 'POST', url: '/dashboard/admin/lessons', form: { intent: 'create', title: MEGABYTE } },
			{ who: 'learner', method: 'POST', url: '/dashboard/admin/lessons', form: { intent: 'create', title: 'after' } },
			// The paged list's search params (issue 20.8): ignored and named, never a 500.
			{ who: 'admin', method: 'GET', url: '/dashboard/admin/lessons?q=%00&page=-1&type=%27%3B--&status=x&module=1' },
			{ who: 'admin', method: 'GET', url: `/dashboard/admin/lessons.data?q=${'%25_%5C'.repeat(100)}&page=99999999999999999999` },
		],
	},
	'/dashboard/admin/users': {
		examples: () => [
			{ who: 'admin', method: 'POST', url: '/dashboard/admin/users.data', form: { intent: 'grant', email: 'a\u0000@example.test' } },
			{ who: 'admin', method: 'GET', url: '/dashboard/admin/users?q=%00' },
		],
		who: ['admin'],
		message: true,
		// Never the test learner's address: granting it admin would change what the other properties test.
		requests: () =>
			fc
				.record({
					url: pageUrl('/dashboard/admin/users'),
					form: hostileForm({ intent: pick('grant', 'revoke'), email: fc.oneof(fc.emailAddress(), pick(demo.admin.email, 'ADMIN@example.com ')) }),
				})
				.map((r) => ({ who: 'admin', method: 'POST', ...r })),
	},
	'/dashboard/admin/content': {
		who: ['admin'],
		message: true,
		requests: () =>
			fc
				.record({
					url: pageUrl('/dashboard/admin/content'),
					intent: fc.oneof(
						pick('preview', 'apply'),
						hostileString.map((s) => s.slice(0, 200)),
					),
					bundle: hostileZip(),
					name: fc.oneof(
						pick('bundle.zip', '../../x.zip', ''),
						hostileString.map((s) => s.slice(0, 50)),
					),
				})
				.map(({ url, intent, bundle, name }) => ({
					who: 'admin',
					method: 'POST',
					url,
					multipart: { intent, bundle: { name: name || 'x.zip', mimeType: 'application/zip', buffer: bundle } },
				})),
	},
	'/dashboard/admin/markdown-preview': {
		who: ['admin'],
		requests: () =>
			hostileForm({ markdown: fc.oneof(pick(...scriptPayloads), fc.string({ maxLength: 300 })) }).map((form) => ({
				who: 'admin',
				method: 'POST',
				url: '/dashboard/admin/markdown-preview',
				form,
			})),
	},
	'/dashboard/admin/applications': {
		examples: () => [{ who: 'admin', method: 'GET', url: '/dashboard/admin/applications?q=%00' }],
		who: ['admin'],
		message: true,
		requests: (ids) =>
			fc
				.record({ url: pageUrl('/dashboard/admin/applications'), form: hostileForm({ id: pick(...ids.applications), status: pick(...applicationStatuses) }) })
				.map((r) => ({ who: 'admin', method: 'POST', ...r })),
	},
	'/dashboard/admin/history': {
		examples: (ids) => [{ who: 'admin', method: 'GET', url: `/dashboard/admin/history?type=lesson&id=${enc(`${ids.lessons[0]}\u0000`)}` }],
		who: ['admin'],
		requests: (ids) =>
			fc
				.record({ type: orHostile(pick('path', 'course', 'module', 'lesson', 'user')), id: idOf(ids.real) })
				.map((q) => ({ who: 'admin', method: 'GET', url: `/dashboard/admin/history?${new URLSearchParams(q)}` })),
	},
	'/dashboard/admin/lesson-content/:lessonId': {
		who: ['admin'],
		requests: (ids) => idOf(ids.lessons).map((id) => ({ who: 'admin', method: 'GET', url: `/dashboard/admin/lesson-content/${enc(id)}` })),
	},
	'/dashboard/admin/content/export': {
		who: ['admin'],
		requests: () =>
			orHostile(slug).map((path) => ({
				who: 'admin',
				method: 'GET',
				url: `/dashboard/admin/content/export?${new URLSearchParams({ path: path.slice(0, 2000) })}`,
			})),
	},
	'/dashboard/admin/applications/export': {
		// NUL in the search: ILIKE with a NUL, a 500.
		examples: () => [{ who: 'admin', method: 'GET', url: '/dashboard/admin/applications/export?q=%00' }],
		who: ['admin'],
		requests: () =>
			fc
				.record(
					{
						type: orHostile(pick(...applicationTypes)),
						status: orHostile(pick(...applicationStatuses)),
						q: hostileString.map((s) => s.slice(0, 3000)),
						page: pick(...numberEdges),
					},
					{ requiredKeys: [] },
				)
				.map((q) => ({ who: 'admin', method: 'GET', url: `/dashboard/admin/applications/export?${new URLSearchParams(q)}` })),
	},
	'/api/auth/*': {
		who: ['anon', 'spare'],
		requests: () =>
			fc
				.record({
					who: pick<Who>('anon', 'spare'),
					method: pick<Req['method']>('GET', 'POST'),
					endpoint: fc.oneof(
						pick(...DISABLED_AUTH_PATHS.map((p) => p.slice(1))),
						pick(
							'get-session',
							'sign-in/social',
							'callback/github',
							'callback/google',
							'verify-email',
							'reset-password/abc',
							'error',
							'ok',
							'link-social',
							'list-accounts',
						),
						pick(
							'unlink-account',
							'update-session',
							'refresh-token',
							'get-access-token',
							'account-info',
							'list-sessions',
							'admin/set-role',
							'admin/create-user',
							'admin/list-users',
						),
						hostileString.map((s) => enc(s.slice(0, 100))),
					),
					query: fc.dictionary(
						pick('token', 'callbackURL', 'code', 'state', 'error', 'id'),
						hostileString.map((s) => s.slice(0, 500)),
						{ maxKeys: 3 },
					),
					json: fc.oneof(
						fc.record(
							{ email, password, name: hostileString, callbackURL: redirectTo, provider: pick('github', 'google'), role: pick('admin'), token: hostileString },
							{ requiredKeys: [] },
						),
						anyJson,
					),
				})
				.map(({ who, method, endpoint, query, json }) => ({
					who,
					method,
					url: `/api/auth/${endpoint}?${new URLSearchParams(query)}`,
					...(method === 'POST' ? { json, contentType: 'application/json' } : {}),
				})),
	},
	'/api/ai-chat': {
		examples: (ids) => [
			{
				who: 'learner',
				method: 'POST',
				url: '/api/ai-chat',
				contentType: 'application/json',
				json: { mode: 'chat', lessonId: ids.lessons[0], messages: [{ role: 'user', content: 'why\u0000?' }] },
			},
		],
		who: ['learner'],
		message: true,
		requests: (ids) => {
			const message = fc.record(
				{ role: orHostile(pick('user', 'assistant', 'system')), content: fc.oneof(fc.string({ minLength: 1, maxLength: 50 }), hostileString) },
				{ requiredKeys: [] },
			)
			const body = fc.record(
				{
					mode: fc.oneof({ arbitrary: pick('chat', 'suggest'), weight: 4 }, { arbitrary: hostileString, weight: 1 }),
					lessonId: fc.oneof({ arbitrary: pick(...ids.lessons), weight: 4 }, { arbitrary: idOf(ids.lessons), weight: 1 }),
					messages: fc.oneof(fc.array(message, { minLength: 1, maxLength: 3 }), anyJson),
					model: pick('gpt-4', 'o1'),
					temperature: pick(2, -1),
					lessonContext: hostileString,
				},
				{ requiredKeys: ['mode', 'lessonId', 'messages'] },
			)
			return fc.oneof(
				fc
					.record({ json: fc.oneof(body, anyJson), accept: pick('application/json', 'text/event-stream') })
					.map((r) => ({ who: 'learner' as Who, method: 'POST' as const, url: '/api/ai-chat', contentType: 'application/json', ...r })),
				fc
					.record({
						raw: fc.oneof(hostileString, pick('{"mode":', MEGABYTE)),
						contentType: pick('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
					})
					.map((r) => ({ who: 'learner' as Who, method: 'POST' as const, url: '/api/ai-chat', ...r })),
				fc
					.record({ method: pick<Req['method']>('GET', 'DELETE', 'PUT'), id: idOf(ids.lessons) })
					.map(({ method, id }) => ({ who: 'learner' as Who, method, url: `/api/ai-chat?lessonId=${enc(id)}` })),
			)
		},
	},
	'/resources/wallet': {
		who: ['learner'],
		message: true,
		requests: () =>
			fc
				.record({
					form: hostileForm({ intent: pick('link', 'unlink'), address: ethAddress, message: siweLike, signature: signatureLike, redirectTo }),
					json: fc.boolean(),
				})
				.map(({ form, json }) => ({
					who: 'learner',
					method: 'POST',
					url: '/resources/wallet',
					...(json ? { json: form, contentType: 'application/json' } : { form }),
				})),
	},
	'/resources/wallet/nonce': {
		who: ['anon', 'learner'],
		message: true,
		requests: () =>
			fc
				.record({
					who: pick<Who>('anon', 'learner'),
					form: hostileForm({ purpose: pick('link', 'signin'), address: ethAddress, chainId: pick('1', '11155111', '5') }),
					json: fc.boolean(),
				})
				.map(({ who, form, json }) => ({
					who,
					method: 'POST',
					url: '/resources/wallet/nonce',
					...(json ? { json: form, contentType: 'application/json' } : { form }),
				})),
	},
	'/resources/wallet/sign-in': {
		who: ['anon'],
		message: true,
		requests: () =>
			fc.record({ form: hostileForm({ message: siweLike, signature: signatureLike, redirectTo }), json: fc.boolean() }).map(({ form, json }) => ({
				who: 'anon',
				method: 'POST',
				url: '/resources/wallet/sign-in',
				...(json ? { json: form, contentType: 'application/json' } : { form }),
			})),
	},
	'/resources/certificates': {
		who: ['learner'],
		message: true,
		requests: (ids) =>
			hostileForm({ intent: pick('issue'), pathId: pick(...ids.paths) }).map((form) => ({
				who: 'learner',
				method: 'POST',
				url: '/resources/certificates',
				form,
			})),
	},
	'/resources/challenges/run': {
		examples: (ids) => [
			{
				who: 'learner',
				method: 'POST',
				url: '/resources/challenges/run',
				contentType: 'application/json',
				json: { lessonId: ids.challenges[0], source: 'contract A {}\u0000' },
			},
			{
				who: 'learner',
				method: 'POST',
				url: '/resources/challenges/run',
				contentType: 'application/json',
				json: { lessonId: ids.challenges[0], source: 'x'.repeat(25 * 1024) },
			},
			{
				who: 'learner',
				method: 'POST',
				url: '/resources/challenges/run',
				contentType: 'application/json',
				json: { lessonId: ids.challenges[0], source: 'import "/etc/passwd"; contract A {}' },
			},
			{
				who: 'learner',
				method: 'POST',
				url: '/resources/challenges/run',
				contentType: 'application/json',
				json: { lessonId: ids.lessons[0], source: 'contract A {}' },
			},
			{ who: 'learner', method: 'POST', url: '/resources/challenges/run', contentType: 'application/json', raw: MEGABYTE },
		],
		who: ['learner'],
		message: true,
		requests: (ids) =>
			challengeRequests(
				'/resources/challenges/run',
				'learner',
				hostileJson({ lessonId: fc.oneof(pick(...ids.challenges), idOf(ids.lessons)), source: solidity }),
			),
	},
	'/resources/challenges/draft': {
		examples: (ids) => [
			{
				who: 'learner',
				method: 'POST',
				url: '/resources/challenges/draft',
				contentType: 'application/json',
				json: { lessonId: ids.challenges[0], source: 'a\u0000b' },
			},
		],
		who: ['learner'],
		message: true,
		requests: (ids) =>
			challengeRequests(
				'/resources/challenges/draft',
				'learner',
				hostileJson({ lessonId: fc.oneof(pick(...ids.challenges), idOf(ids.lessons)), source: fc.oneof(solidity, fc.constant(null)) }),
			),
	},
	'/resources/challenges/check': {
		who: ['admin', 'learner'],
		message: true,
		requests: () =>
			fc
				.record({ who: pick<Who>('admin', 'admin', 'learner'), body: hostileJson({ starter: solidity, tests: solidity, solution: solidity }) })
				.chain(({ who, body }) => challengeRequests('/resources/challenges/check', who, fc.constant(body))),
	},
	'/certificates/verify': {
		examples: () => [{ who: 'anon', method: 'POST', url: '/certificates/verify', json: { certificate: '{}' }, contentType: 'application/json' }],
		who: ['anon'],
		message: true,
		requests: () =>
			fc
				.record({
					url: pageUrl('/certificates/verify'),
					form: hostileForm({
						certificate: fc.oneof(
							anyJson.map((j) => JSON.stringify(j) ?? 'null'),
							pick('{"domain":{},"types":{},"message":{},"signature":"0x00"}', '{"id":"00000000-0000-4000-8000-000000000000"}'),
						),
					}),
				})
				.map((r) => ({ who: 'anon', method: 'POST', ...r })),
	},
	'/certificates/:id.json': {
		who: ['anon'],
		requests: () =>
			fc
				.record({ id: idOf([]), download: fc.boolean() })
				.map(({ id, download }) => ({ who: 'anon', method: 'GET', url: `/certificates/${enc(id.slice(0, 2000))}.json${download ? '?download' : ''}` })),
	},
	'/resources/language': {
		who: ['anon'],
		requests: () =>
			hostileForm({ lang: pick('en-US', 'pt-BR', 'fr-FR'), redirectTo }).map((form) => ({ who: 'anon', method: 'POST', url: '/resources/language', form })),
	},
	'/resources/theme': {
		who: ['anon'],
		requests: () =>
			hostileForm({ theme: pick('system', 'light', 'dark', 'sepia'), redirectTo }).map((form) => ({
				who: 'anon',
				method: 'POST',
				url: '/resources/theme',
				form,
			})),
	},
	'/resources/applications': {
		// NUL in the message: the insert failed, a 500.
		examples: () => [
			{
				who: 'anon',
				method: 'POST',
				url: '/resources/applications',
				accept: 'application/json',
				form: { type: 'professional', name: 'Nul', email: 'nul@example.test', message: 'hi\u0000there', website: '' },
			},
		],
		who: ['anon'],
		message: true,
		requests: () =>
			fc
				.record({
					form: hostileForm({
						type: pick(...applicationTypes),
						name: fc.string({ minLength: 1, maxLength: 40 }),
						email: fc.emailAddress(),
						company: fc.string({ maxLength: 40 }),
						experience: pick(...experienceLevels),
						portfolio: pick('github.com/x', 'javascript:alert(1)', 'https://x'),
						investmentAmount: pick(...investmentAmounts),
						timeline: pick(...timelines),
						message: fc.string({ maxLength: 100 }),
					}),
					// The honeypot: a filled or missing one marks a bot (200, nothing stored); empty lets validation run.
					trap: fc.oneof({ arbitrary: fc.constant(''), weight: 5 }, { arbitrary: fc.constant(undefined), weight: 1 }, { arbitrary: hostileString, weight: 1 }),
				})
				.map(({ form, trap }) => ({
					who: 'anon',
					method: 'POST',
					url: '/resources/applications',
					form: trap === undefined ? form : { ...form, website: trap },
					accept: 'application/json',
				})),
	},
}

// Resource routes that read no input at all: their property is the generic sweep below.
const noInput: Record<string, string> = {
	'/robots.txt': 'static text',
	'/sitemap.xml': 'static list of public pages',
	'/healthz': 'process status',
	'/readyz': 'database status',
	'/dev/mailbox.json': 'outbox listing',
	'/dev/db-digest': 'table digests',
	'/dev/error': 'a test hook that reads nothing (404 here: TEST_ERROR_ROUTE is not set)',
	'/dev/db-fault': 'a test hook, 404 before it reads anything (TEST_DB_FAULTS is not set here)',
}

test('every action and API route in app/routes.ts has a bad-input property', () => {
	const needed = routeTable().filter((r) => r.action || (!r.page && r.loader))
	const missing = needed.filter((r) => !targets[r.path] && !noInput[r.path]).map((r) => `${r.path} (${r.file})`)
	expect(missing, 'routes with an action or an API loader but no property in bad-input.spec.ts').toEqual([])
	const known = new Set(routeTable().map((r) => r.path))
	expect(
		[...Object.keys(targets), ...Object.keys(noInput)].filter((p) => !known.has(p)),
		'entries for routes that no longer exist',
	).toEqual([])
})

// Anything that looks like an internal error, a stack frame or a database message.
const LEAK =
	/\bat [\w$.<>]+ \(?[^)\s]*:\d+:\d+\)?|node_modules|PostgresError|PGlite|DrizzleQueryError|Failed query|syntax error at or near|violates \w+ constraint|duplicate key value|invalid byte sequence|unsupported Unicode escape|TypeError:|ReferenceError:/

/** A redirect stays on this site: a path (not '//host' or '/\host') or this very origin. */
function sameSite(location: string, baseURL: string) {
	if (/^\/(?![/\\])/.test(location)) return true
	try {
		return new URL(location).origin === new URL(baseURL).origin
	} catch {
		return false
	}
}

function short(req: Req) {
	const cut = (v: unknown) => {
		const s = typeof v === 'string' ? v : JSON.stringify(v)
		return s === undefined ? 'undefined' : s.length > 120 ? `${s.slice(0, 120)}...(${s.length} chars)` : s
	}
	const body = req.form ?? req.json ?? req.raw ?? (req.multipart ? Object.keys(req.multipart) : undefined)
	return `${req.who} ${req.method} ${cut(req.url)} ${body === undefined ? '' : cut(typeof body === 'object' && body ? Object.fromEntries(Object.entries(body).map(([k, v]) => [k, cut(v)])) : body)}`
}

test.describe('against a private production server', () => {
	test.describe.configure({ mode: 'default' })
	let server: PrivateServer
	const ctx = {} as Record<Who, APIRequestContext>
	let ids: Ids
	let baseline: Record<string, { rows: number; hash: string }>

	async function digest() {
		const res = await ctx.anon.get('/dev/db-digest')
		expect(res.status()).toBe(200)
		const all = (await res.json()) as typeof baseline
		// Refused requests still count against rate limits; that is the one write they may make.
		delete all.rate_limits
		return all
	}
	/** After an accepted request: wait until work it started after answering (emails) has landed. */
	async function settled() {
		let last = await digest()
		for (let i = 0; i < 20; i++) {
			await new Promise((r) => setTimeout(r, 50))
			const next = await digest()
			if (JSON.stringify(next) === JSON.stringify(last)) return next
			last = next
		}
		return last
	}
	function changed(a: typeof baseline, b: typeof baseline) {
		return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((t) => JSON.stringify(a[t]) !== JSON.stringify(b[t]))
	}

	async function send(req: Req) {
		const c = ctx[req.who]
		const headers: Record<string, string> = { 'x-forwarded-for': randomIp() }
		if (req.accept) headers.accept = req.accept
		if (req.contentType) headers['content-type'] = req.contentType
		const options: Parameters<APIRequestContext['fetch']>[1] = { method: req.method, headers, maxRedirects: 0, failOnStatusCode: false, timeout: 30_000 }
		if (req.form) options.form = req.form
		else if (req.multipart) options.multipart = req.multipart
		else if (req.raw !== undefined) options.data = req.raw
		else if (req.json !== undefined) options.data = JSON.stringify(req.json)
		const started = Date.now()
		const res = await c.fetch(req.url, options)
		// BAD_INPUT_TRACE=1 prints every request, to find the one that misbehaves.
		if (process.env.BAD_INPUT_TRACE) console.log(`${res.status()} ${Date.now() - started}ms ${short(req)}`)
		return { status: res.status(), body: await res.text(), location: res.headers().location }
	}

	/** The property every request must satisfy. */
	async function check(req: Req, target?: Target) {
		const res = await send(req)
		const label = `${short(req)} -> ${res.status} ${res.body.slice(0, 200)}`
		if (res.status >= 400) expect(res.body, `internal detail in the answer: ${label}`).not.toMatch(LEAK)
		expect(res.status, label).toBeLessThan(500)
		if (res.location) expect(sameSite(res.location, server.baseURL), `off-site redirect: ${label} -> ${res.location}`).toBe(true)
		if (res.status >= 400) {
			// Answers of the app itself (not the HTTP layer's 431/414, nor 405 for a method it has no handler for).
			const appAnswer = [400, 401, 403, 404, 409, 413, 415, 422, 429].includes(res.status)
			if (target?.message && appAnswer && (req.url.includes('.data') || req.url.startsWith('/api/') || req.url.startsWith('/resources/'))) {
				expect(res.body, `no error message: ${label}`).toMatch(/error/i)
			}
			const after = await digest()
			const tables = changed(baseline, after)
			// Start the next request from here, so one bad write is not blamed on every request after it.
			baseline = after
			expect(tables, `a refused request changed the database: ${label}`).toEqual([])
		} else {
			// Signed-out forms send email after answering; elsewhere the answer comes after the last write.
			baseline = req.who === 'anon' ? await settled() : await digest()
		}
		if (req.url === '/dashboard/admin/markdown-preview' && res.status === 200) {
			// Escaped text may spell out a payload; no tag of the sanitized HTML may carry one.
			const { html } = JSON.parse(res.body) as { html: string }
			for (const tag of html.match(/<[a-z][^>]*>/gi) ?? []) {
				expect(tag, `unsafe preview: ${label}`).not.toMatch(
					/^<(script|iframe|svg|style|math|object|embed|base|form)\b|\son\w+\s*=|\s(href|src|action|formaction|xlink:href)\s*=\s*["']?\s*(javascript|data|vbscript):/i,
				)
			}
		}
	}

	test.beforeAll(async () => {
		test.setTimeout(120_000)
		server = await startPrivateServer({ TUTOR_RATE_LIMIT: '100000' })
		const open = () => playwrightRequest.newContext({ baseURL: server.baseURL })
		ctx.anon = await open()
		for (const who of ['learner', 'spare', 'admin'] as const) {
			ctx[who] = await open()
			let creds: { email: string; password: string } = demo.admin
			if (who !== 'admin') {
				creds = { email: `${who}-${randomUUID().slice(0, 8)}@example.test`, password: `pw-${randomUUID()}` }
				const signup = await ctx[who].post('/signup', { form: { ...creds, confirmPassword: creds.password } })
				expect(signup.status()).toBe(200)
				const mail = await latestMail(ctx[who], creds.email, /Confirm/)
				await ctx[who].get(
					mail.links.find((l) => l.includes('/verify-email'))!,
					{ maxRedirects: 0 },
				)
			}
			const login = await ctx[who].post('/login', { form: creds, maxRedirects: 0 })
			expect(login.status(), `sign in as ${who}`).toBe(302)
		}
		// One application, so the inbox's status change has something real to aim at.
		await ctx.anon.post('/resources/applications', { form: { type: 'professional', name: 'Ada', email: 'ada@example.test', website: '' } })

		// Curriculum ids from the demo seeding's manifest; the application's from the inbox's loader data.
		const curriculum = demoCurriculum(server.dataDir).paths
		const paths = curriculum.map((p) => p.id)
		const courses = curriculum.flatMap((p) => p.courses)
		const modules = courses.flatMap((c) => c.modules.map((m) => m.id))
		const refs: Ids['refs'] = courses.slice(0, 4).flatMap((c) => c.modules.flatMap((m) => m.lessons.map((l) => ({ courseId: c.id, lessonId: l.id }))))
		const lessons = refs.map((r) => r.lessonId)
		const challenges = demoLessons(server.dataDir)
			.filter((l) => l.type === 'challenge')
			.map((l) => l.lessonId)
		const everyLesson = demoLessons(server.dataDir).map((l) => l.lessonId)
		const inbox = decodeTurbo(await (await ctx.admin.get('/dashboard/admin/applications.data')).text())
		const applications = objectsIn(inbox)
			.filter((o) => o.email === 'ada@example.test' && typeof o.id === 'string')
			.map((o) => o.id as string)
		ids = {
			real: [...paths, ...courses.map((c) => c.id), ...modules, ...everyLesson],
			paths,
			courses: courses.map((c) => c.id),
			lessons,
			modules,
			refs,
			applications,
			challenges,
		}
		expect(
			paths.length && courses.length && lessons.length && modules.length && applications.length && ids.challenges.length,
			JSON.stringify(ids).slice(0, 300),
		).toBeTruthy()
	})

	test.afterAll(async () => {
		for (const c of Object.values(ctx)) await c.dispose()
		await server?.stop()
	})

	for (const [route, target] of Object.entries(targets)) {
		test(`${route}: hostile input is refused cleanly`, async () => {
			test.setTimeout(180_000)
			baseline = await settled()
			await fc.assert(
				fc.asyncProperty(target.requests(ids), (req) => check(req, target)),
				{ numRuns: RUNS, examples: (target.examples?.(ids) ?? []).map((req) => [req] as [Req]) },
			)
		})
	}

	test('generic sweep: every route of app/routes.ts, any method, hostile params, query and body', async () => {
		test.setTimeout(300_000)
		baseline = await settled()
		const known = [
			'redirectTo',
			'lesson',
			'tab',
			'period',
			'path',
			'q',
			'page',
			'type',
			'status',
			'id',
			'lessonId',
			'token',
			'error',
			'filter',
			'course',
			'module',
		]
		for (const route of routeTable()) {
			// The learner and admin keep their sessions; Better Auth's endpoints have their own property above.
			const who: Who[] = route.path === '/logout' ? ['anon'] : route.path.startsWith('/api/auth') ? ['anon', 'spare'] : ['anon', 'learner', 'admin']
			const request = fc
				.record({
					who: pick(...who),
					method: pick<Req['method']>('GET', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
					params: fc.array(idOf([...ids.courses, ...ids.paths, ...ids.lessons]), { minLength: 3, maxLength: 3 }),
					query: fc.dictionary(
						fc.oneof(pick(...known), fc.string({ maxLength: 10 })),
						hostileString.map((s) => s.slice(0, 2000)),
						{ maxKeys: 4 },
					),
					data: fc.boolean(),
					body: fc.oneof(
						hostileForm({ intent: pick('enroll', 'complete', 'create', 'claim'), id: fc.uuid() }).map((form) => ({ form })),
						anyJson.map((json) => ({ json, contentType: 'application/json' })),
						hostileString.map((raw) => ({ raw, contentType: 'text/plain' })),
					),
				})
				.map(({ who, method, params, query, data, body }): Req => {
					let n = 0
					let url = route.path.replace(/:\w+\??|\*/g, () => enc(params[n++]!.slice(0, 2000)))
					if (data && route.page && url !== '/') url += '.data'
					const search = new URLSearchParams(query).toString()
					return { who, method, url: search ? `${url}?${search}` : url, ...(method === 'GET' ? {} : body) }
				})
			await fc.assert(
				fc.asyncProperty(request, (req) => check(req)),
				{ numRuns: Math.max(4, Math.round(RUNS / 5)) },
			)
		}
	})
})
