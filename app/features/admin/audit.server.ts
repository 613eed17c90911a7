import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '#db/client.server.ts'
import { getDb } from '~/lib/db.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
import type { AuditEntry } from './types.ts'

type Executor = { execute: (query: SQL) => Promise<unknown> }

export type AuditAction =
	| 'create'
	| 'update'
	| 'publish'
	| 'unpublish'
	| 'delete'
	| 'move'
	| 'import'
	| 'grant-admin'
	| 'revoke-admin'

/** One audit row, written in the caller's transaction so it exists exactly when the change does. */
export async function audit(
	tx: Executor,
	entry: { actorId: string | null; entityType: string; entityId: string; action: AuditAction; changes?: Record<string, unknown> },
) {
	await tx.execute(sql`
		INSERT INTO audit_log (actor_id, entity_type, entity_id, action, changes)
		VALUES (${entry.actorId}, ${entry.entityType}, ${entry.entityId}, ${entry.action}, ${JSON.stringify(entry.changes ?? {})}::jsonb)
	`)
}

const jsonSafe = (v: unknown) => (v instanceof Date ? v.toISOString() : v)

/** Field-by-field changes between two snapshots; long text is summarised rather than copied. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
	const out: Record<string, { from: unknown; to: unknown }> = {}
	for (const [key, to] of Object.entries(after)) {
		const from = before[key]
		if (JSON.stringify(jsonSafe(from)) === JSON.stringify(jsonSafe(to))) continue
		out[key] = key === 'content' ? { from: summarise(from), to: summarise(to) } : { from: jsonSafe(from) ?? null, to: jsonSafe(to) ?? null }
	}
	return out
}

function summarise(v: unknown) {
	if (typeof v !== 'string') return v ?? null
	return v.length > 120 ? `${v.slice(0, 117)}...` : v
}

/** An item's history, newest first, with who did each change. */
export async function itemHistory(entityType: string, entityId: string, db?: Db): Promise<AuditEntry[]> {
	const handle = db ?? (await getDb())
	const rows = rowsOf<AuditEntry>(
		await handle.execute(sql`
			SELECT a.id, a.action, a.changes, a.created_at AS "createdAt", u.name AS "actorName", u.email AS "actorEmail"
			FROM audit_log a LEFT JOIN "user" u ON u.id = a.actor_id
			WHERE a.entity_type = ${entityType} AND a.entity_id = ${entityId}
			ORDER BY a.created_at DESC, a.id
			LIMIT 100
		`),
	)
	return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }))
}
