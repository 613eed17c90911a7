// npm run db:seed: (re)load demo accounts and demo content into the configured database.
import { seedDemo } from '~/features/system/seed.server.ts'
import { getDbHandle } from '~/lib/db.server.ts'

const counts = await seedDemo({ force: true })
await (await getDbHandle()).close()
console.log('Seed complete', counts ?? '')
