import { admin } from 'better-auth/plugins/admin'
import { describe, expect, it } from 'vitest'
import { DISABLED_AUTH_PATHS } from './endpoints.ts'

describe('closed auth endpoints', () => {
	it("closes every endpoint of Better Auth's admin plugin (impersonation, passwords, roles) over HTTP", () => {
		const paths = Object.values(admin({}).endpoints).map((e) => e.path)
		expect(paths.length).toBeGreaterThan(10)
		expect(paths.filter((p) => !DISABLED_AUTH_PATHS.includes(p))).toEqual([])
	})
})
