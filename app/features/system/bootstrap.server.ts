import { backgroundSettled } from '~/lib/background.server.ts'
import { getDbHandle } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { log } from '~/lib/log.server.ts'
import { startPurging, stopPurging } from '~/features/security/purge.server.ts'
import { seedDemo } from '~/features/system/seed.server.ts'

let done: Promise<void> | undefined

/** Open and migrate the database, then seed demo data when SEED_DEMO is on. Runs once per process. */
export function bootstrap(): Promise<void> {
	done ??= (async () => {
		const env = getEnv()
		const handle = await getDbHandle()
		// One process at a time: several starting together on an empty database would insert the same accounts.
		if (env.seedDemo) await handle.exclusive(() => seedDemo())
		startPurging()
		if (!env.localSite && !env.SMTP_URL) {
			// Confirmation and reset links would reach nobody; only admins may read the outbox on a public site.
			const where = env.outboxEnabled ? 'kept in the outbox, which only admins may read (/dev/mailbox)' : 'kept in the outbox table, which nobody can read here (MAIL_OUTBOX is off)'
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
