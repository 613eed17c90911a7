import { and, asc, desc, eq } from 'drizzle-orm'
import type { Db } from '#db/client.server.ts'
import { auditLog, user } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'
import type { AuditEntry } from './types.ts'

/** The database or the caller's open transaction. */
type Writer = Pick<Db, 'insert'>

export type AuditAction = 'create' | 'update' | 'publish' | 'unpublish' | 'delete' | 'move' | 'import' | 'grant-admin' | 'revoke-admin'

/** One audit row, written in the caller's transaction so it exists exactly when the change does. */
export async function audit(
	tx: Writer,
	entry: { actorId: string | null; entityType: string; entityId: string; action: AuditAction; changes?: Record<string, unknown> },
) {
	await tx.insert(auditLog).values({ ...entry, changes: entry.changes ?? {} })
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
	const rows = await handle
		.select({
			id: auditLog.id,
			action: auditLog.action,
			changes: auditLog.changes,
			createdAt: auditLog.createdAt,
			actorName: user.name,
			actorEmail: user.email,
		})
		.from(auditLog)
		.leftJoin(user, eq(user.id, auditLog.actorId))
		.where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
		.orderBy(desc(auditLog.createdAt), asc(auditLog.id))
		.limit(100)
	return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }))
}
