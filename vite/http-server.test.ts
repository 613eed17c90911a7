import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildHttpServer } from './http-server.ts'

// Inside the checkout (tmp/ is ignored by git), so the built file finds express in node_modules.
fs.mkdirSync('tmp', { recursive: true })
const dir = fs.mkdtempSync(path.resolve('tmp/http-build-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('buildHttpServer (vite/http-server.ts)', () => {
	it('compiles the server to <build>/http/production.js: app modules bundled, packages left as imports', async () => {
		await buildHttpServer(dir, { entry: path.resolve(import.meta.dirname, 'fixtures/http/production.ts') })
		const code = fs.readFileSync(path.join(dir, 'http/production.js'), 'utf8')
		expect(code).toMatch(/import \w+ from ["']express["']/)
		expect(code).toContain('bundled-app-module')
		expect(code).not.toContain(': string')
		const { startProduction } = (await import(path.join(dir, 'http/production.js'))) as { startProduction: unknown }
		expect(typeof startProduction).toBe('function')
	}, 60_000)
})
