// npm run db:seed: (re)load demo accounts and demo content into the configured database;
// `-- --no-cohort` leaves out the demo cohort (learners with history, applications).
import { seedDemo } from '~/features/system/seed.server.ts'
import { getDbHandle } from '~/lib/db.server.ts'

const counts = await seedDemo({ force: true, ...(process.argv.includes('--no-cohort') ? { cohort: false } : {}) })
await (await getDbHandle()).close()
console.log('Seed complete', counts ?? '')
