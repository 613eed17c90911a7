import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { user } from '#db/schema.ts'
import { getAuth } from '~/features/auth/auth.server.ts'
import { demoAccounts } from '~/features/system/demo-accounts.ts'
import { seedDemo } from '~/features/system/seed.server.ts'
import { getPublicEnv } from '~/lib/env.server.ts'
import { loader as digestLoader } from '~/routes/api/db-digest.ts'
import { loader as mailboxJsonLoader } from '~/routes/api/mailbox-json.ts'
import { loader as mailboxLoader } from '~/routes/api/mailbox.tsx'
import { setEnv } from '#tests/support/env.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import type { DbHandle } from '#db/client.server.ts'

/**
 * The embedded default on a public address (issue 16, point 4; issue 15, point 4): the outbox and the
 * database fingerprint only for this machine or an admin, no demo admin and no published passwords.
 */

type Loader = (args: never) => unknown
const tools: [string, Loader][] = [
	['/dev/mailbox', mailboxLoader],
	['/dev/mailbox.json', mailboxJsonLoader],
	['/dev/db-digest', digestLoader],
]

async function status(loader: Loader, path: string, headers: Record<string, string>) {
	try {
		const out = await loader({ request: new Request(`http://localhost${path}`, { headers }), params: {}, context: {} } as never)
		return out instanceof Response ? out.status : 200
	} catch (thrown) {
		return (thrown as Response).status
	}
}

describe('local tools and demo accounts on a public site', () => {
	let h: DbHandle
	let cookies: { learner: string; admin: string }
	const saved = Object.fromEntries(['APP_URL', 'SMTP_URL', 'MAIL_OUTBOX', 'SEED_DEMO', 'SEED_DEMO_ADMIN', 'NODE_ENV'].map((k) => [k, process.env[k]]))

	async function cookieOf(email: string, password: string) {
		const auth = await getAuth()
		const { headers } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true })
		return headers
			.getSetCookie()
			.map((c) => c.split(';')[0])
			.join('; ')
	}

	beforeAll(async () => {
		setEnv({
			APP_URL: 'http://localhost:4575',
			SMTP_URL: undefined,
			MAIL_OUTBOX: undefined,
			SEED_DEMO: 'true',
			SEED_DEMO_ADMIN: undefined,
			NODE_ENV: 'production',
		})
		h = await useTestDb()
		await seedDemo({ force: false })
		cookies = {
			learner: await cookieOf(demoAccounts.learner.email, demoAccounts.learner.password),
			admin: await cookieOf(demoAccounts.admin.email, demoAccounts.admin.password),
		}
	})
	afterAll(async () => {
		setEnv(saved)
		await h.close()
	})

	it('on a local site, serves the tools to this machine only, and to admins from anywhere', async () => {
		for (const [path, loader] of tools) {
			expect(await status(loader, path, { 'x-learnchain-peer': '127.0.0.1' }), path).toBe(200)
			expect(await status(loader, path, { 'x-learnchain-peer': '::1' }), path).toBe(200)
			// Another machine: its forwarded address is no help, whatever it says.
			expect(await status(loader, path, { 'x-learnchain-peer': '192.0.2.9', 'x-forwarded-for': '127.0.0.1', 'x-learnchain-ip': '127.0.0.1' }), path).toBe(404)
			expect(await status(loader, path, { 'x-learnchain-peer': '192.0.2.9', cookie: cookies.learner }), path).toBe(404)
			expect(await status(loader, path, { 'x-learnchain-peer': '192.0.2.9', cookie: cookies.admin }), path).toBe(200)
		}
	})

	it('on a public site, serves them to admins only, even on the loopback interface (a proxy on the same host)', async () => {
		setEnv({ APP_URL: 'https://learnchain.example' })
		for (const [path, loader] of tools) {
			expect(await status(loader, path, { 'x-learnchain-peer': '127.0.0.1' }), path).toBe(404)
			expect(await status(loader, path, { 'x-learnchain-peer': '127.0.0.1', cookie: cookies.learner }), path).toBe(404)
		}
		// Where real mail is sent there is no outbox at all, not even for admins.
		setEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' })
		for (const [path, loader] of tools) expect(await status(loader, path, { 'x-learnchain-peer': '127.0.0.1', cookie: cookies.learner }), path).toBe(404)
		setEnv({ SMTP_URL: undefined, APP_URL: 'http://localhost:4575' })
	})

	it('on a public site, no demo admin unless asked for, and no passwords on the login page', async () => {
		setEnv({ APP_URL: 'http://localhost:4575', SEED_DEMO_ADMIN: undefined })
		expect(getPublicEnv()).toMatchObject({ demoMode: true, demoAdmin: true })
		setEnv({ APP_URL: 'https://learnchain.example' })
		expect(getPublicEnv()).toMatchObject({ demoMode: false, demoAdmin: false })
		// The admin seeded by an earlier local run loses the role at the next start.
		await seedDemo()
		const role = async () => (await h.db.query.user.findFirst({ where: eq(user.email, demoAccounts.admin.email) }))?.role
		expect(await role()).toBe('user')
		// Asked for explicitly, it is an admin again (its password shown nowhere).
		setEnv({ SEED_DEMO_ADMIN: 'true' })
		await seedDemo()
		expect(await role()).toBe('admin')
		expect(getPublicEnv()).toMatchObject({ demoMode: false, demoAdmin: false })
		setEnv({ SEED_DEMO_ADMIN: undefined, APP_URL: 'http://localhost:4575' })
	})
})
