// Settings changed inside a test: process.env, then the env schema read again (it is read once, app/lib/env.server.ts).
import { resetEnvForTests } from '~/lib/env.server.ts'

type Settings = Record<string, string | undefined>

/** Sets these settings (undefined removes one) and returns the values they had, to set back. */
export function setEnv(values: Settings): Settings {
	const before: Settings = {}
	for (const [k, v] of Object.entries(values)) {
		before[k] = process.env[k]
		if (v === undefined) delete process.env[k]
		else process.env[k] = v
	}
	resetEnvForTests()
	return before
}

/** `fn` run with these settings; the ones before are set back after it, also when it throws. */
export async function withEnv<T>(values: Settings, fn: () => Promise<T>): Promise<T> {
	const before = setEnv(values)
	try {
		return await fn()
	} finally {
		setEnv(before)
	}
}
