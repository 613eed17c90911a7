import { afterEach, describe, expect, it } from 'vitest'
import { readSettings, resetEnvForTests } from './env.server.ts'

// The server's settings go through the same schema as the app's: a bad value stops the start and says
// which variable is wrong, instead of quietly meaning "off" or the default.
const KEYS = [
	'MAX_CONCURRENT_REQUESTS',
	'DATABASE_URL',
	'SEED_DEMO_COHORT',
	'TRUST_PROXY',
	'TRUST_PROXY_HOPS',
	'LOG_LEVEL',
	'HTML_CACHE_TTL_MS',
	'KEPT_PAGES_MB',
	'KEPT_FRAGMENTS_MB',
	'PORT',
	'APP_URL',
	'SEED_DEMO',
	'SEED_DEMO_ADMIN',
	'SMTP_URL',
	'MAIL_OUTBOX',
	'NODE_ENV',
] as const
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]))

function withEnv(values: Partial<Record<(typeof KEYS)[number], string>>) {
	for (const k of KEYS) {
		const v = k in values ? values[k] : saved[k]
		if (v === undefined) delete process.env[k]
		else process.env[k] = v
	}
	resetEnvForTests()
	return readSettings
}

afterEach(() => {
	withEnv({})
	resetEnvForTests()
})

describe('settings', () => {
	it('refuses a request limit that is not a number, naming the variable', () => {
		expect(withEnv({ MAX_CONCURRENT_REQUESTS: 'abc' })).toThrow(/MAX_CONCURRENT_REQUESTS[\s\S]*whole number|whole number[\s\S]*MAX_CONCURRENT_REQUESTS/)
		expect(withEnv({ MAX_CONCURRENT_REQUESTS: '-1' })).toThrow(/MAX_CONCURRENT_REQUESTS/)
		expect(withEnv({ HTML_CACHE_TTL_MS: '5 minutes' })).toThrow(/HTML_CACHE_TTL_MS/)
		expect(withEnv({ KEPT_PAGES_MB: '32MB' })).toThrow(/KEPT_PAGES_MB/)
		expect(withEnv({ KEPT_PAGES_MB: '5000' })).toThrow(/KEPT_PAGES_MB/)
		expect(withEnv({ KEPT_FRAGMENTS_MB: '-1' })).toThrow(/KEPT_FRAGMENTS_MB/)
		expect(withEnv({ PORT: '70000' })).toThrow(/PORT/)
		expect(withEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
	})

	it('defaults the request limit by database, and 0 turns the gate off', () => {
		expect(withEnv({ MAX_CONCURRENT_REQUESTS: '', DATABASE_URL: '' })().maxConcurrentRequests).toBe(4)
		expect(withEnv({ DATABASE_URL: 'postgres://localhost/x' })().maxConcurrentRequests).toBe(8)
		expect(withEnv({ MAX_CONCURRENT_REQUESTS: '0' })().maxConcurrentRequests).toBe(0)
	})

	it('reads TRUST_PROXY as hops or a list of proxies, and refuses anything else', () => {
		expect(withEnv({ TRUST_PROXY: '' })().trustProxy).toBe(false)
		expect(withEnv({ TRUST_PROXY: 'true' })().trustProxy).toBe(1)
		expect(withEnv({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' })().trustProxy).toBe(2)
		expect(withEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::/8' })().trustProxy).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8'])
		expect(withEnv({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/)
		expect(withEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/)
		expect(withEnv({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: 'many' })).toThrow(/TRUST_PROXY_HOPS/)
	})

	it('seeds the demo admin and shows demo passwords only for a local site, unless the admin is asked for', () => {
		const local = withEnv({ APP_URL: 'http://localhost:3000', DATABASE_URL: '', SEED_DEMO: '', SEED_DEMO_ADMIN: '' })()
		expect([local.localSite, local.seedDemo, local.seedDemoAdmin, local.showDemoCredentials]).toEqual([true, true, true, true])
		const online = withEnv({ APP_URL: 'https://learnchain.example', DATABASE_URL: '', SEED_DEMO: 'true', SEED_DEMO_ADMIN: '' })()
		expect([online.localSite, online.seedDemo, online.seedDemoAdmin, online.showDemoCredentials]).toEqual([false, true, false, false])
		expect(withEnv({ APP_URL: 'https://learnchain.example', SEED_DEMO: 'true', SEED_DEMO_ADMIN: 'true' })().seedDemoAdmin).toBe(true)
		expect(withEnv({ SEED_DEMO_ADMIN: 'sometimes' })).toThrow(/SEED_DEMO_ADMIN/)
	})

	it('seeds the demo cohort with the demo data unless it is turned off', () => {
		expect(withEnv({ DATABASE_URL: '', SEED_DEMO: '', SEED_DEMO_COHORT: '' })().seedDemoCohort).toBe(true)
		expect(withEnv({ DATABASE_URL: '', SEED_DEMO: '', SEED_DEMO_COHORT: 'false' })().seedDemoCohort).toBe(false)
		expect(withEnv({ DATABASE_URL: '', SEED_DEMO: 'false', SEED_DEMO_COHORT: 'true' })().seedDemoCohort).toBe(false)
		expect(withEnv({ SEED_DEMO_COHORT: 'maybe' })).toThrow(/SEED_DEMO_COHORT/)
	})

	it('keeps the outbox for the embedded database without SMTP, and never where mail is really sent', () => {
		expect(withEnv({ NODE_ENV: 'production', SMTP_URL: '', MAIL_OUTBOX: '', DATABASE_URL: '' })().outboxEnabled).toBe(true)
		expect(withEnv({ NODE_ENV: 'production', SMTP_URL: '', MAIL_OUTBOX: '', DATABASE_URL: 'postgres://localhost/x' })().outboxEnabled).toBe(false)
		expect(withEnv({ NODE_ENV: 'production', SMTP_URL: '', MAIL_OUTBOX: 'false', DATABASE_URL: '' })().outboxEnabled).toBe(false)
		expect(withEnv({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2525' })().outboxEnabled).toBe(false)
	})
})
