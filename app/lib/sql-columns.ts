import { sql, type AnyColumn } from 'drizzle-orm'

/**
 * Bare column names from schema objects, for the places SQL wants a name without its table: an INSERT's
 * column list, ON CONFLICT targets, SET targets and RETURNING in hand-written upserts. A renamed column
 * then fails the typecheck instead of the query.
 */
export function names(...columns: AnyColumn[]) {
	return sql.join(
		columns.map((c) => sql.identifier(c.name)),
		sql`, `,
	)
}

/** The value an upsert tried to insert (`excluded.<column>`), for ON CONFLICT ... DO UPDATE SET. */
export function excluded(column: AnyColumn) {
	return sql`excluded.${sql.identifier(column.name)}`
}
