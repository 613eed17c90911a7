import { backgroundSettled } from '~/lib/background.server.ts'
import { getDbHandle } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { seedDemo } from '~/features/system/seed.server.ts'

let done: Promise<void> | undefined

/** Open and migrate the database, then seed demo data when SEED_DEMO is on. Runs once per process. */
export function bootstrap(): Promise<void> {
	done ??= (async () => {
		const env = getEnv()
		const handle = await getDbHandle()
		// One process at a time: several starting together on an empty database would insert the same accounts.
		if (env.seedDemo) await handle.exclusive(() => seedDemo())
	})()
	return done
}

/** After the HTTP server has drained: let background work (mail) finish, then close the database cleanly. */
export async function shutdown() {
	await backgroundSettled()
	const handle = await getDbHandle()
	await handle.close()
}
