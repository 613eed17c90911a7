import { connectionFault } from '#db/faults.ts'
import { backgroundSettled } from '~/lib/background.server.ts'
import { getDbHandle } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { log } from '~/lib/log.server.ts'
import { seedDemo } from '~/features/system/seed.server.ts'

let done: Promise<void> | undefined

async function openAndSeed() {
	const env = getEnv()
	const handle = await getDbHandle()
	// One process at a time: several starting together on an empty database would insert the same accounts.
	if (env.seedDemo) await handle.exclusive(() => seedDemo())
}

/**
 * Open and migrate the database, then seed demo data when SEED_DEMO is on. Runs once per process. A database
 * that is not there yet (started after the app, restarting) is waited for: one warning, then a retry every
 * DB_RETRY_INTERVAL_MS, instead of an exit that a process manager would turn into a restart loop.
 */
export function bootstrap(): Promise<void> {
	done ??= (async () => {
		for (let warned = false; ; ) {
			try {
				return await openAndSeed()
			} catch (error) {
				const fault = connectionFault(error)
				if (!fault) throw error
				if (!warned) log.warn('database unavailable at start-up; waiting for it', { cause: fault.cause })
				warned = true
				await new Promise((resolve) => setTimeout(resolve, getEnv().DB_RETRY_INTERVAL_MS))
			}
		}
	})()
	return done
}

/** After the HTTP server has drained: let background work (mail) finish, then close the database cleanly. */
export async function shutdown() {
	await backgroundSettled()
	const handle = await getDbHandle()
	await handle.close()
}
