import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { applications } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'
import type { ApplicationInput, ApplicationStatus, InboxFilter } from './schemas.ts'

export type ApplicationRow = typeof applications.$inferSelect

const INBOX_PAGE_SIZE = 50
const EXPORT_MAX_ROWS = 10_000

/**
 * Stores the application unless the same email already applied with the same form type in the
 * last day. One statement, so two quick double-clicks cannot both slip past the check.
 * Returns the new row's id, or null for a duplicate.
 */
export async function insertApplication(input: ApplicationInput, meta: { language: string; ip: string | null }): Promise<string | null> {
	const db = await getDb()
	const a = applications
	// INSERT … SELECT … WHERE NOT EXISTS: the duplicate check and the insert are one statement.
	const columns = sql.join(
		[a.type, a.name, a.email, a.company, a.experience, a.portfolio, a.investmentAmount, a.timeline, a.message, a.language, a.ip].map((c) =>
			sql.identifier(c.name),
		),
		sql`, `,
	)
	const { rows } = await db.execute<{ id: string }>(sql`
		INSERT INTO ${a} (${columns})
		SELECT ${input.type}, ${input.name}, ${input.email}, ${input.company}, ${input.experience}, ${input.portfolio},
			${input.investmentAmount}, ${input.timeline}, ${input.message}, ${meta.language}, ${meta.ip}
		WHERE NOT EXISTS (
			SELECT 1 FROM ${a} WHERE ${a.email} = ${input.email} AND ${a.type} = ${input.type} AND ${a.createdAt} > now() - interval '1 day'
		)
		RETURNING ${sql.identifier(a.id.name)}
	`)
	return rows[0]?.id ?? null
}

function escapeLike(text: string) {
	return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

function whereOf(filter: InboxFilter): SQL | undefined {
	const conditions: SQL[] = []
	if (filter.type) conditions.push(eq(applications.type, filter.type))
	if (filter.status) conditions.push(eq(applications.status, filter.status))
	if (filter.q) {
		const pattern = `%${escapeLike(filter.q)}%`
		conditions.push(or(ilike(applications.name, pattern), ilike(applications.email, pattern))!)
	}
	return conditions.length ? and(...conditions) : undefined
}

/** One page of the inbox, newest first, with the filtered total (one round trip). */
export async function listApplications(filter: InboxFilter) {
	const db = await getDb()
	const page = filter.page ?? 1
	const rows = await db
		.select({ application: applications, total: sql<number>`count(*) over ()`.mapWith(Number) })
		.from(applications)
		.where(whereOf(filter))
		.orderBy(desc(applications.createdAt), desc(applications.id))
		.limit(INBOX_PAGE_SIZE)
		.offset((page - 1) * INBOX_PAGE_SIZE)
	const total = rows[0]?.total ?? (page > 1 ? await countApplications(filter) : 0)
	return {
		items: rows.map((r) => r.application),
		total,
		page,
		pages: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
	}
}

async function countApplications(filter: InboxFilter) {
	const db = await getDb()
	const [row] = await db.select({ n: count() }).from(applications).where(whereOf(filter))
	return row?.n ?? 0
}

/** Every row matching the filter (capped), newest first, for the CSV export. */
export async function applicationsForExport(filter: InboxFilter) {
	const db = await getDb()
	return db.select().from(applications).where(whereOf(filter)).orderBy(desc(applications.createdAt), desc(applications.id)).limit(EXPORT_MAX_ROWS)
}

/** Returns false when no application has that id. */
export async function setApplicationStatus(id: string, status: ApplicationStatus) {
	const db = await getDb()
	const rows = await db.update(applications).set({ status }).where(eq(applications.id, id)).returning({ id: applications.id })
	return rows.length > 0
}

export async function countNewApplications() {
	return countApplications({ status: 'new', q: undefined })
}
