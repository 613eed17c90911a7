// npm run user:admin -- <email> [--revoke]
import { setAdminRole } from '~/features/auth/accounts.server.ts'
import { getDb, getDbHandle } from '~/lib/db.server.ts'

const args = process.argv.slice(2)
const email = args.find((a) => !a.startsWith('--'))
const revoke = args.includes('--revoke')
if (!email) {
	console.error('Usage: npm run user:admin -- <email> [--revoke]')
	process.exit(2)
}
const ok = await setAdminRole(await getDb(), email, !revoke)
await (await getDbHandle()).close()
if (!ok) {
	console.error(`No user with email ${email}`)
	process.exit(1)
}
console.log(`${email} is ${revoke ? 'no longer an admin' : 'now an admin'}`)
