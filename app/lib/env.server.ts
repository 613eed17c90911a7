import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

const optional = z
	.string()
	.optional()
	.transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))

const schema = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
	APP_NAME: z.string().default('Learnchain'),
	PORT: z.coerce.number().int().min(1).max(65535).default(3000),
	APP_URL: optional,
	DATA_DIR: z.string().default('./data'),
	DATABASE_URL: optional,
	// Database faults (docs/deploy.md): longest wait for a connection, longest statement, how often a
	// database that is away is tried again, how long an unanswered statement waits before the server is
	// probed, and PostgreSQL connections per process.
	DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
	DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
	DB_RETRY_INTERVAL_MS: z.coerce.number().int().min(100).default(1_000),
	DB_HANG_CHECK_MS: z.coerce.number().int().min(100).default(2_000),
	DB_POOL_MAX: z.coerce.number().int().min(1).max(1_000).default(10),
	AUTH_SECRET: optional,
	SMTP_URL: optional,
	MAIL_FROM: optional,
	MAIL_OUTBOX: optional,
	GOOGLE_CLIENT_ID: optional,
	GOOGLE_CLIENT_SECRET: optional,
	GITHUB_CLIENT_ID: optional,
	GITHUB_CLIENT_SECRET: optional,
	AI_BASE_URL: optional,
	AI_API_KEY: optional,
	AI_MODEL: z.string().default('gpt-4o-mini'),
	AI_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
	// Per-user tutor limits: messages per window, provider tokens per UTC day, characters per message.
	// Sign-ups per client address per hour (the e2e server raises it: every test signs up from 127.0.0.1).
	SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
	TUTOR_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
	TUTOR_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
	TUTOR_DAILY_TOKENS: z.coerce.number().int().min(0).default(20_000),
	TUTOR_MAX_MESSAGE_CHARS: z.coerce.number().int().min(1).max(20_000).default(2000),
	// Code challenges: grading worker threads (0: one per core but one), jobs waiting at most, the time limit
	// of one run (then its worker is replaced), each worker's heap, and runs per learner per window.
	CHALLENGE_WORKERS: z.coerce.number().int().min(0).max(64).default(0),
	CHALLENGE_QUEUE_MAX: z.coerce.number().int().min(1).default(100),
	CHALLENGE_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
	CHALLENGE_WORKER_MEMORY_MB: z.coerce.number().int().min(64).default(512),
	CHALLENGE_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
	CHALLENGE_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
	SEED_DEMO: optional,
	APPLICATIONS_NOTIFY_EMAIL: optional,
	// Test hooks: point OAuth providers at a local fake server.
	OAUTH_GITHUB_BASE_URL: optional,
	// Test hook: /dev/error throws (with the outbox on), to check what a production error page shows.
	TEST_ERROR_ROUTE: optional,
	// Test hook: POST /dev/db-fault makes the embedded database hang or die (tests/e2e/db-faults.spec.ts).
	TEST_DB_FAULTS: optional,
	// Wallet: JSON-RPC endpoints the browser's wagmi transports use (public defaults), and the key that
	// signs course certificates (EIP-712). The key is generated into DATA_DIR like AUTH_SECRET.
	RPC_URL_MAINNET: z.url().default('https://ethereum-rpc.publicnode.com'),
	RPC_URL_SEPOLIA: z.url().default('https://ethereum-sepolia-rpc.publicnode.com'),
	CERT_SIGNER_KEY: z
		.string()
		.optional()
		.transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
		.refine((v) => v === undefined || /^0x[0-9a-fA-F]{64}$/.test(v), 'must be a 0x-prefixed 32-byte hex private key'),
})

export type Env = z.infer<typeof schema> & {
	APP_URL: string
	AUTH_SECRET: string
	CERT_SIGNER_KEY: `0x${string}`
	seedDemo: boolean
	outboxEnabled: boolean
}

let cached: Env | undefined

function localSecret(dataDir: string, name: string, prefix = '') {
	// An in-memory database (DATA_DIR=memory://, tests) has no directory: the secret lives as long as it does.
	if (dataDir.includes('://')) return prefix + randomBytes(32).toString('hex')
	const file = path.join(dataDir, name)
	try {
		return fs.readFileSync(file, 'utf8').trim()
	} catch {
		fs.mkdirSync(dataDir, { recursive: true })
		const secret = prefix + randomBytes(32).toString('hex')
		fs.writeFileSync(file, secret, { mode: 0o600 })
		return secret
	}
}

/** Read and validate the environment once; every server module goes through here. */
export function getEnv(): Env {
	if (cached) return cached
	const parsed = schema.safeParse(process.env)
	if (!parsed.success) {
		throw new Error(`Invalid environment: ${z.prettifyError(parsed.error)}`)
	}
	const e = parsed.data
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
	const seedFlag = e.SEED_DEMO?.toLowerCase()
	cached = {
		...e,
		APP_URL: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
		AUTH_SECRET: secret,
		CERT_SIGNER_KEY: certKey as `0x${string}`,
		seedDemo: seedFlag ? seedFlag === 'true' || seedFlag === '1' || seedFlag === 'on' : !e.DATABASE_URL,
		outboxEnabled: !e.SMTP_URL && (!isProd || e.MAIL_OUTBOX === 'true'),
	}
	return cached
}

/** Values the browser may see; nothing secret goes here. */
export function getPublicEnv() {
	const env = getEnv()
	return {
		APP_NAME: env.APP_NAME,
		demoMode: env.seedDemo,
		googleEnabled: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
		githubEnabled: Boolean(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET),
		// The wallet's JSON-RPC URLs (chain id -> URL): the browser calls them, so they must not embed a secret key.
		rpcUrls: { 1: env.RPC_URL_MAINNET, 11155111: env.RPC_URL_SEPOLIA },
	}
}

/** Tests change process.env between cases; this makes the next getEnv() read it again. */
export function resetEnvForTests() {
	cached = undefined
}
