import { getTableName, sql, type SQL } from 'drizzle-orm'
import { user, userProgress } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'

export type TableDigest = { rows: number; hash: string }

/**
 * Per table of the public schema: the row count and an md5 over every row's text form (sorted, so
 * the physical order does not matter). Any insert, delete or update, even of one timestamp, changes it.
 * With `userEmail`, only that account's rows: its `user` row and the rows of every table with a
 * user_id column (progress, XP, profile, conversations, wallets, certificates, sessions...).
 * Returns null for an unknown account.
 */
export async function databaseDigest(opts: { userEmail?: string } = {}): Promise<Record<string, TableDigest> | null> {
	const db = await getDb()
	// Every learner-owned table names its owner column as user_progress does.
	const ownerColumn = userProgress.userId.name
	const { rows: tables } = await db.execute<{ name: string; owned: boolean }>(sql`
		SELECT t.table_name AS name,
			EXISTS (SELECT 1 FROM information_schema.columns c
				WHERE c.table_schema = 'public' AND c.table_name = t.table_name AND c.column_name = ${ownerColumn}) AS owned
		FROM information_schema.tables t
		WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE' ORDER BY t.table_name
	`)
	let where = (_name: string, _owned: boolean): SQL | null => sql`true`
	if (opts.userEmail !== undefined) {
		const [owner] = await db
			.select({ id: user.id })
			.from(user)
			.where(sql`lower(${user.email}) = lower(${opts.userEmail})`)
		if (!owner) return null
		where = (name, owned) =>
			name === getTableName(user) ? sql`t.${sql.identifier(user.id.name)} = ${owner.id}` : owned ? sql`t.${sql.identifier(ownerColumn)} = ${owner.id}` : null
	}
	const parts = tables.flatMap(({ name, owned }) => {
		const filter = where(name, owned)
		if (!filter) return []
		return [
			sql`SELECT ${name} AS name, count(*)::int AS rows,
				coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS hash
				FROM ${sql.identifier(name)} t WHERE ${filter}`,
		]
	})
	if (!parts.length) return {}
	const { rows } = await db.execute<{ name: string; rows: number; hash: string }>(sql.join(parts, sql` UNION ALL `))
	return Object.fromEntries(rows.map((r) => [r.name, { rows: Number(r.rows), hash: r.hash }]))
}
