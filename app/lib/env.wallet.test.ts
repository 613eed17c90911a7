import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getEnv, getPublicEnv, resetEnvForTests } from './env.server.ts'

// The wallet's settings (RPC URLs for the browser, the certificate key) and the secrets a data directory
// keeps when none is configured (the certificate key and AUTH_SECRET, generated the same way).
const KEYS = ['NODE_ENV', 'DATA_DIR', 'DATABASE_URL', 'AUTH_SECRET', 'CERT_SIGNER_KEY', 'RPC_URL_MAINNET', 'RPC_URL_SEPOLIA'] as const
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]))

function setEnv(values: Partial<Record<(typeof KEYS)[number], string | undefined>>) {
	for (const k of KEYS) {
		const v = k in values ? values[k] : saved[k]
		if (v === undefined) delete process.env[k]
		else process.env[k] = v
	}
	resetEnvForTests()
}

const dirs: string[] = []
function dataDir() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'learnchain-env-'))
	dirs.push(dir)
	return dir
}

afterEach(() => {
	vi.restoreAllMocks()
	setEnv({})
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('generated secrets', () => {
	it('generates the certificate key into DATA_DIR once, private to the owner, and keeps it', () => {
		const dir = dataDir()
		setEnv({ DATA_DIR: dir, CERT_SIGNER_KEY: undefined, DATABASE_URL: undefined })
		const key = getEnv().CERT_SIGNER_KEY
		expect(key).toMatch(/^0x[0-9a-f]{64}$/)
		const file = path.join(dir, '.cert-signer-key')
		expect(fs.statSync(file).mode & 0o777).toBe(0o600)
		resetEnvForTests()
		expect(getEnv().CERT_SIGNER_KEY).toBe(key)
	})

	it('keeps the secret another process generated at the same moment, never a second one', () => {
		const dir = dataDir()
		setEnv({ DATA_DIR: dir, AUTH_SECRET: undefined, DATABASE_URL: undefined })
		const file = path.join(dir, '.auth-secret')
		const theirs = 'b'.repeat(64)
		// The other process finds no file either, and puts its secret in place while this one writes its own.
		const write = fs.writeFileSync
		vi.spyOn(fs, 'writeFileSync').mockImplementation((...args: Parameters<typeof fs.writeFileSync>) => {
			write(...args)
			if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== theirs) write(file, theirs)
		})
		expect(getEnv().AUTH_SECRET).toBe(theirs)
		expect(fs.readdirSync(dir).sort()).toEqual(['.auth-secret', '.cert-signer-key'])
	})
})

describe('wallet settings', () => {
	it('refuses to start in production with a real database and no key, or with a malformed key', () => {
		setEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://localhost/x', AUTH_SECRET: 'a'.repeat(64), CERT_SIGNER_KEY: undefined })
		expect(() => getEnv()).toThrow('CERT_SIGNER_KEY is required in production')
		setEnv({ CERT_SIGNER_KEY: '0x1234' })
		expect(() => getEnv()).toThrow(/CERT_SIGNER_KEY/)
	})

	it('gives the browser the RPC URLs (public defaults, or the configured ones) and never the key', () => {
		const dir = dataDir()
		setEnv({ DATA_DIR: dir, DATABASE_URL: undefined, RPC_URL_MAINNET: undefined, RPC_URL_SEPOLIA: 'https://sepolia.example/rpc' })
		const env = getPublicEnv()
		expect(env.rpcUrls).toEqual({ 1: 'https://ethereum-rpc.publicnode.com', 11155111: 'https://sepolia.example/rpc' })
		expect(JSON.stringify(env)).not.toContain(getEnv().CERT_SIGNER_KEY.slice(2))
	})
})
