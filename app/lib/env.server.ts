import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { isLoopbackUrl } from './loopback.ts'

// Every setting of the app and of its HTTP server (server/), read from the environment once and validated
// here; nothing else reads process.env. A value that does not parse stops the start with a message naming
// the variable: a typo must not silently mean "off" or "default".

/** '' and unset are the same: "use the default" (test harnesses blank variables they do not want). */
const blank = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v)

const optional = z.preprocess(blank, z.string().optional())

/** A whole number within bounds. */
const integer = (min: number, max = Number.MAX_SAFE_INTEGER) =>
	z.preprocess(blank, z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).pipe(z.number().min(min).max(max)).optional())

/** true/false, 1/0, on/off, yes/no; unset stays undefined (each flag has its own default). */
const flag = z.preprocess(
	blank,
	z
		.string()
		.toLowerCase()
		.refine((v) => /^(true|false|1|0|on|off|yes|no)$/.test(v), 'must be true or false')
		.transform((v) => /^(true|1|on|yes)$/.test(v))
		.optional(),
)

/** A proxy address or subnet as Express's `trust proxy` takes it (or one of its names). */
function isProxyEntry(value: string) {
	if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true
	const [ip, bits, ...rest] = value.split('/')
	if (rest.length || !ip || !isIP(ip)) return false
	return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (isIP(ip) === 4 ? 32 : 128))
}

/**
 * TRUST_PROXY: false (no proxy: the socket's address is the client's), true (TRUST_PROXY_HOPS proxies in
 * front), or the proxies' own addresses/subnets. Either way the client address is read from the right of
 * X-Forwarded-For, past the proxies we know of, never from its left end, which the client writes.
 */
const trustProxy = z.preprocess(
	blank,
	z
		.string()
		.optional()
		.transform((v, ctx): boolean | string[] => {
			if (v === undefined || /^(false|0|off|no)$/i.test(v)) return false
			if (/^(true|1|on|yes)$/i.test(v)) return true
			const list = v.split(',').map((s) => s.trim())
			const bad = list.filter((s) => !isProxyEntry(s))
			if (bad.length) ctx.addIssue({ code: 'custom', message: `must be true, false or a list of proxy addresses/subnets (not ${bad.join(', ')})` })
			return list
		}),
)

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

const schema = z.object({
	NODE_ENV: z.preprocess(blank, z.enum(['development', 'production', 'test']).default('development')),
	APP_NAME: z.preprocess(blank, z.string().default('Learnchain')),
	PORT: integer(1, 65535).default(3000),
	APP_URL: z.preprocess(blank, z.url().optional()),
	DATA_DIR: z.preprocess(blank, z.string().default('./data')),
	DATABASE_URL: optional,
	// Database faults (docs/deploy.md): longest wait for a connection, longest statement, how often a
	// database that is away is tried again, how long an unanswered statement waits before the server is
	// probed, and PostgreSQL connections per process.
	DB_CONNECT_TIMEOUT_MS: integer(100).default(5_000),
	DB_QUERY_TIMEOUT_MS: integer(100).default(15_000),
	DB_RETRY_INTERVAL_MS: integer(100).default(1_000),
	DB_HANG_CHECK_MS: integer(100).default(2_000),
	DB_POOL_MAX: integer(1, 1_000).default(10),
	AUTH_SECRET: optional,
	// Seconds a page read may reuse this process's session lookup for the same cookie (issue 21; the bound on
	// revocations made in another process, docs/security.md). 0: every request asks the database.
	SESSION_CACHE_SECONDS: integer(0, 300).default(10),
	SMTP_URL: optional,
	MAIL_FROM: optional,
	MAIL_OUTBOX: flag,
	GOOGLE_CLIENT_ID: optional,
	GOOGLE_CLIENT_SECRET: optional,
	GITHUB_CLIENT_ID: optional,
	GITHUB_CLIENT_SECRET: optional,
	AI_BASE_URL: optional,
	AI_API_KEY: optional,
	AI_MODEL: z.preprocess(blank, z.string().default('gpt-4o-mini')),
	AI_TIMEOUT_MS: integer(100).default(20_000),
	// Sign-ups per client address per hour (the e2e server raises it: every test signs up from 127.0.0.1).
	SIGNUP_RATE_LIMIT: integer(1).default(10),
	// Per-user tutor limits: messages per window, provider tokens per UTC day, characters per message.
	TUTOR_RATE_LIMIT: integer(1).default(20),
	TUTOR_RATE_WINDOW_SECONDS: integer(1, 86_400).default(600),
	TUTOR_DAILY_TOKENS: integer(0).default(20_000),
	TUTOR_MAX_MESSAGE_CHARS: integer(1, 20_000).default(2000),
	// Code challenges: grading worker threads (0: one per core but one), jobs waiting at most, the time limit
	// of one run (then its worker is replaced), each worker's heap, and runs per learner per window.
	CHALLENGE_WORKERS: integer(0, 64).default(0),
	CHALLENGE_QUEUE_MAX: integer(1).default(100),
	CHALLENGE_TIMEOUT_MS: integer(100).default(10_000),
	CHALLENGE_WORKER_MEMORY_MB: integer(64).default(512),
	CHALLENGE_RATE_LIMIT: integer(1).default(30),
	CHALLENGE_RATE_WINDOW_SECONDS: integer(1).default(300),
	SEED_DEMO: flag,
	// The demo admin (a published password) only where the site is local, unless asked for.
	SEED_DEMO_ADMIN: flag,
	// The demo cohort (two dozen learners with history) on first start; off keeps a demo's boards empty.
	SEED_DEMO_COHORT: flag,
	APPLICATIONS_NOTIFY_EMAIL: z.preprocess(blank, z.email().optional()),
	// Test hooks: point OAuth providers at a local fake server.
	OAUTH_GITHUB_BASE_URL: optional,
	// Test hook: /dev/error throws (with the outbox on), to check what a production error page shows.
	TEST_ERROR_ROUTE: flag,
	// Test hook: POST /dev/db-fault makes the embedded database hang or die (tests/e2e/db-faults.spec.ts).
	TEST_DB_FAULTS: flag,
	// Test hook: a `test_fault` cookie makes the named learning-area sections fail (tests/e2e/sections.spec.ts).
	// Refused for a production site on a public address (see readSettings).
	TEST_SECTION_FAULTS: flag,
	// Test hook: every page made with kept fragments is rendered again without them and must be the same
	// (components/kept-fragment.tsx), hard reloads included, so every end-to-end page checks the fragments' keys.
	TEST_KEPT_FRAGMENTS_CHECK: flag,
	// Wallet: JSON-RPC endpoints the browser's wagmi transports use (public defaults), and the key that
	// signs course certificates (EIP-712). The key is generated into DATA_DIR like AUTH_SECRET.
	RPC_URL_MAINNET: z.preprocess(blank, z.url().default('https://ethereum-rpc.publicnode.com')),
	RPC_URL_SEPOLIA: z.preprocess(blank, z.url().default('https://ethereum-sepolia-rpc.publicnode.com')),
	CERT_SIGNER_KEY: z.preprocess(
		blank,
		z
			.string()
			.regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key')
			.optional(),
	),

	// The HTTP server (server/).
	BUILD_DIR: z.preprocess(blank, z.string().default('build')),
	TRUST_PROXY: trustProxy,
	TRUST_PROXY_HOPS: integer(1, 10).default(1),
	MAX_CONCURRENT_REQUESTS: integer(0, 1000),
	HTML_CACHE_TTL_MS: integer(0).default(300_000),
	KEPT_PAGES_MB: integer(0, 4096).default(32),
	KEPT_FRAGMENTS_MB: integer(0, 1024).default(8),
	SHUTDOWN_TIMEOUT_MS: integer(0).default(10_000),
	MEMORY_LOG_SECONDS: integer(0).default(0),
	LOG_LEVEL: z.preprocess((v) => (typeof blank(v) === 'string' ? String(blank(v)).toLowerCase() : undefined), z.enum(LOG_LEVELS).default('info')),
	HEADERS_TIMEOUT_MS: integer(1000, 600_000).default(10_000),
	BODY_TIMEOUT_MS: integer(1000, 600_000).default(10_000),
	UPLOAD_TIMEOUT_MS: integer(1000, 3_600_000).default(120_000),
})

/** Every setting, for the check that README.md's settings table lists each with its true default (env.readme.test.ts). */
export const settingsSchema = schema

type Parsed = z.infer<typeof schema>

export type Settings = Omit<Parsed, 'APP_URL' | 'TRUST_PROXY'> & {
	APP_URL: string
	/** Express's `trust proxy` value: false, a number of hops, or the proxies' addresses. */
	trustProxy: false | number | string[]
	maxConcurrentRequests: number
	/** APP_URL names this machine only (localhost, 127.x, ::1): local development or a demo on a laptop. */
	localSite: boolean
	seedDemo: boolean
	/** The demo admin account (admin@example.com with its published password) is seeded. */
	seedDemoAdmin: boolean
	/** The demo cohort is seeded with the demo data. */
	seedDemoCohort: boolean
	/** The login page lists the demo accounts' passwords. */
	showDemoCredentials: boolean
	outboxEnabled: boolean
}

export type Env = Settings & { AUTH_SECRET: string; CERT_SIGNER_KEY: `0x${string}` }

let settings: Settings | undefined
let cached: Env | undefined

/** The settings without the secrets (which getEnv may generate into DATA_DIR). Throws, naming each bad variable. */
export function readSettings(): Settings {
	if (settings) return settings
	const parsed = schema.safeParse(process.env)
	if (!parsed.success) throw new Error(`Invalid environment:\n${z.prettifyError(parsed.error)}`)
	const e = parsed.data
	const isProd = e.NODE_ENV === 'production'
	const APP_URL = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')
	const localSite = isLoopbackUrl(APP_URL)
	// A switch that breaks pages on request has no place on a real deployment.
	if (e.TEST_SECTION_FAULTS && isProd && !localSite)
		throw new Error('Invalid environment:\n✖ TEST_SECTION_FAULTS is a test setting and is refused in production')
	const seedDemo = e.SEED_DEMO ?? !e.DATABASE_URL
	settings = {
		...e,
		APP_URL,
		trustProxy: e.TRUST_PROXY === true ? e.TRUST_PROXY_HOPS : e.TRUST_PROXY,
		// The embedded database serves one query at a time; PostgreSQL works beside us on other cores.
		maxConcurrentRequests: e.MAX_CONCURRENT_REQUESTS ?? (e.DATABASE_URL ? 8 : 4),
		localSite,
		seedDemo,
		seedDemoAdmin: e.SEED_DEMO_ADMIN ?? (seedDemo && localSite),
		seedDemoCohort: seedDemo && (e.SEED_DEMO_COHORT ?? true),
		showDemoCredentials: seedDemo && localSite,
		// Without SMTP, mail goes to the outbox: always in development, and in production on the embedded
		// database (the laptop demo of `npm start`) unless MAIL_OUTBOX=false.
		outboxEnabled: !e.SMTP_URL && (!isProd || (e.MAIL_OUTBOX ?? !e.DATABASE_URL)),
	}
	return settings
}

function localSecret(dataDir: string, name: string, prefix = '') {
	// An in-memory database (DATA_DIR=memory://, tests) has no directory: the secret lives as long as it does.
	if (dataDir.includes('://')) return prefix + randomBytes(32).toString('hex')
	const file = path.join(dataDir, name)
	try {
		return fs.readFileSync(file, 'utf8').trim()
	} catch {
		fs.mkdirSync(dataDir, { recursive: true })
		// Written whole under a name of its own, then linked into place: a process starting at the same moment
		// reads either no file or the whole secret (never a half-written one), and the first link wins for both.
		const own = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
		fs.writeFileSync(own, prefix + randomBytes(32).toString('hex'), { mode: 0o600 })
		try {
			fs.linkSync(own, file)
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
		} finally {
			fs.rmSync(own, { force: true })
		}
		return fs.readFileSync(file, 'utf8').trim()
	}
}

/** Read and validate the environment once; every server module goes through here. */
export function getEnv(): Env {
	if (cached) return cached
	const e = readSettings()
	const isProd = e.NODE_ENV === 'production'
	let secret = e.AUTH_SECRET
	if (!secret) {
		if (isProd && e.DATABASE_URL) throw new Error('AUTH_SECRET is required in production')
		secret = localSecret(e.DATA_DIR, '.auth-secret')
	}
	// Same rule as AUTH_SECRET: a real deployment must bring its own key (certificates signed by a key
	// that changes on every fresh volume would stop verifying); the embedded setup keeps one in DATA_DIR.
	let certKey = e.CERT_SIGNER_KEY
	if (!certKey) {
		if (isProd && e.DATABASE_URL) throw new Error('CERT_SIGNER_KEY is required in production')
		certKey = localSecret(e.DATA_DIR, '.cert-signer-key', '0x')
	}
	cached = { ...e, AUTH_SECRET: secret, CERT_SIGNER_KEY: certKey as `0x${string}` }
	return cached
}

/** Values the browser may see; nothing secret goes here. */
export function getPublicEnv() {
	const env = getEnv()
	return {
		APP_NAME: env.APP_NAME,
		// The demo accounts' published passwords, on the login page of a local site only.
		demoMode: env.showDemoCredentials,
		demoAdmin: env.showDemoCredentials && env.seedDemoAdmin,
		googleEnabled: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
		githubEnabled: Boolean(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET),
		// The wallet's JSON-RPC URLs (chain id -> URL): the browser calls them, so they must not embed a secret key.
		rpcUrls: { 1: env.RPC_URL_MAINNET, 11155111: env.RPC_URL_SEPOLIA },
		// Test hook (app/features/system/test-faults.server.ts): the browser may throw a render fault on request (root.tsx).
		testFaults: env.TEST_ERROR_ROUTE && env.outboxEnabled,
	}
}

/** Tests change process.env between cases; this makes the next getEnv() read it again. */
export function resetEnvForTests() {
	settings = undefined
	cached = undefined
}
