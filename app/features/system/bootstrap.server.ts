import { getDbHandle } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { seedDemo } from '~/features/system/seed.server.ts'

let done: Promise<void> | undefined

/** Open and migrate the database, then seed demo data when SEED_DEMO is on. Runs once per process. */
export function bootstrap(): Promise<void> {
	done ??= (async () => {
		const env = getEnv()
		await getDbHandle()
		if (env.seedDemo) await seedDemo()
	})()
	return done
}

export async function shutdown() {
	const handle = await getDbHandle()
	await handle.close()
}
