import { connectionFault } from '#db/faults.ts'
import { backgroundSettled } from '~/lib/background.server.ts'
import { getDbHandle } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { log } from '~/lib/log.server.ts'
import { startPurging, stopPurging } from '~/features/security/purge.server.ts'
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
		for (let warned = false; ;) {
			try {
				await openAndSeed()
				break
			} catch (error) {
				const fault = connectionFault(error)
				if (!fault) throw error
				if (!warned) log.warn('database unavailable at start-up; waiting for it', { cause: fault.cause })
				warned = true
				await new Promise((resolve) => setTimeout(resolve, getEnv().DB_RETRY_INTERVAL_MS))
			}
		}
		startPurging()
		const env = getEnv()
		if (!env.localSite && !env.SMTP_URL) {
			// Confirmation and reset links would reach nobody; only admins may read the outbox on a public site.
			const where = env.outboxEnabled
				? 'kept in the outbox, which only admins may read (/dev/mailbox)'
				: 'kept in the outbox table, which nobody can read here (MAIL_OUTBOX is off)'
			log.warn(`APP_URL is not a local address and SMTP_URL is not set: e-mail is not sent but ${where}`, { appUrl: env.APP_URL })
		}
	})()
	return done
}

/** After the HTTP server has drained: let background work (mail) finish, then close the database cleanly. */
export async function shutdown() {
	stopPurging()
	await backgroundSettled()
	const handle = await getDbHandle()
	await handle.close()
}
