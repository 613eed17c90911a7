// What every bench script starts from: the issue's data set in a fresh database with learners signed in, and the
// environment a production server needs to serve it. Shared by scripts/bench.ts and scripts/bench-ab.ts, so that
// a pair compared by bench:ab runs on the same data and settings as the full bench's rows.
import { openDatabase } from '#db/client.server.ts'
import { benchTargets, createSessionCookies, fillBenchData, ISSUE_SIZE } from '../bench-data.ts'

export type DataSet = { cookies: string[]; targets: Awaited<ReturnType<typeof benchTargets>> }

/** Fills the database (a PGlite data dir or a PostgreSQL URL) with ISSUE_SIZE and signs in `users` learners (one cookie each). */
export async function fillDataSet(target: { dataDir: string } | { databaseUrl: string }, secret: string, users: number): Promise<DataSet> {
	// Filling 100,000 completions is one long statement; on a busy shared machine it outlasts the serving timeout.
	const handle = await openDatabase({ ...target, faults: { queryTimeoutMs: 600_000 } })
	try {
		await fillBenchData(handle.db, ISSUE_SIZE)
		const cookies = await createSessionCookies(
			handle.db,
			Array.from({ length: users }, (_, i) => `bench-user-${i + 1}`),
			secret,
		)
		return { cookies, targets: await benchTargets(handle.db) }
	} finally {
		await handle.close()
	}
}

/**
 * No outside service: blank, not absent, so that a developer's shell or .env cannot point a measured server at a
 * real mail server, model or OAuth provider. Also the soak's (scripts/soak.ts).
 */
export const NO_OUTSIDE_SERVICES = {
	SMTP_URL: '',
	AI_BASE_URL: '',
	AI_API_KEY: '',
	GITHUB_CLIENT_ID: '',
	GITHUB_CLIENT_SECRET: '',
	GOOGLE_CLIENT_ID: '',
	GOOGLE_CLIENT_SECRET: '',
} as const

/** The production server's environment for a bench run: no outside service configured, the tutor's limits out of reach. */
export function serverEnv(opts: { secret: string; certKey: string; origin: string }): Record<string, string> {
	return {
		AUTH_SECRET: opts.secret,
		// Production refuses to start on PostgreSQL without its own certificate-signing key.
		CERT_SIGNER_KEY: opts.certKey,
		APP_URL: opts.origin,
		SEED_DEMO: 'true',
		MAIL_OUTBOX: 'true',
		...NO_OUTSIDE_SERVICES,
		// The load is 50 learners asking as fast as they can: the tutor's per-learner limits would answer 429.
		TUTOR_RATE_LIMIT: '1000000000',
		TUTOR_DAILY_TOKENS: '1000000000',
	}
}

/** What the bench sets itself: the data set both sides copy, and the process's own place (scripts/bench/processes.ts). */
const FIXED_SETTINGS = new Set(['DATA_DIR', 'DATABASE_URL', 'PORT', 'BUILD_DIR', 'NODE_ENV'])

/**
 * One side's own settings for bench:ab, `NAME=value,NAME=value` (a value may hold `=`): a change behind a setting,
 * compared on one build. A setting the bench fixes is refused, not quietly overridden or ignored.
 */
export function settingsOf(list = ''): Record<string, string> {
	const pairs = list
		.split(',')
		.filter(Boolean)
		.map((pair) => {
			const m = /^([A-Z0-9_]+)=(.*)$/.exec(pair)
			if (!m) throw new Error(`--a-env / --b-env: "${pair}" is not NAME=value`)
			if (FIXED_SETTINGS.has(m[1]!)) throw new Error(`--a-env / --b-env: ${m[1]} is set by the bench itself`)
			return [m[1]!, m[2]!] as const
		})
	return Object.fromEntries(pairs)
}
