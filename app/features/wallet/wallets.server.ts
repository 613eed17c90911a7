import { and, eq, sql } from 'drizzle-orm'
import { getAddress, type Address } from 'viem'
import { walletAddresses } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'
import type { Bound } from '~/lib/sql-statement.server.ts'
import { jsonValue } from '~/lib/sql-rows.ts'
import type { LinkedWallet } from './types.ts'

// Addresses are stored checksummed and compared case-insensitively: the unique index is on lower(address).
const sameAddress = (address: string) => sql`lower(${walletAddresses.address}) = lower(${address})`

/**
 * The learner's linked wallets, oldest first, as one JSON column (`wallets`): the profile reads it in its one
 * statement (profile.server.ts), and `walletsOf` turns it into the list.
 */
export const walletsColumn = (userId: Bound<string>) => {
	const w = walletAddresses
	return sql`(SELECT json_agg(json_build_array(${w.address}, ${w.chainId}, ${w.createdAt}) ORDER BY ${w.createdAt})
		FROM ${w} WHERE ${w.userId} = ${userId}) AS wallets`
}

export function walletsOf(column: unknown): LinkedWallet[] {
	// Whole seconds in UTC, as the profile shows them.
	return jsonValue<[string, number, string][]>(column, []).map(([address, chainId, createdAt]) => ({
		address,
		chainId,
		createdAt: new Date(createdAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
	}))
}

/** Link a verified address (stored checksummed). One account per address, case-insensitively. */
export async function linkWallet(userId: string, address: Address, chainId: number): Promise<{ ok: true } | { ok: false; error: 'alreadyLinked' }> {
	const db = await getDb()
	const inserted = await db
		.insert(walletAddresses)
		.values({ userId, address: getAddress(address), chainId })
		.onConflictDoNothing()
		.returning({ id: walletAddresses.id })
	if (inserted.length) return { ok: true }
	const owner = await walletOwner(address)
	// Linking the same wallet twice to the same account is a no-op, not an error.
	return owner === userId ? { ok: true } : { ok: false, error: 'alreadyLinked' }
}

export async function unlinkWallet(userId: string, address: string): Promise<boolean> {
	const db = await getDb()
	const deleted = await db
		.delete(walletAddresses)
		.where(and(eq(walletAddresses.userId, userId), sameAddress(address)))
		.returning({ id: walletAddresses.id })
	return deleted.length > 0
}

/** The account a wallet is linked to, if any. */
export async function walletOwner(address: string): Promise<string | null> {
	const db = await getDb()
	const [row] = await db.select({ userId: walletAddresses.userId }).from(walletAddresses).where(sameAddress(address))
	return row?.userId ?? null
}
