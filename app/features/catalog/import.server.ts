import { sql, type AnyColumn } from 'drizzle-orm'
import type { Db } from '#db/client.server.ts'
import { courses, learningPaths, lessons, modules } from '#db/schema.ts'
import { writeChallenge } from '~/features/challenges/content.server.ts'
import { lessonContent, lessonContentPt, type PathFile } from './content-files.server.ts'

export type ImportCounts = { paths: number; courses: number; modules: number; lessons: number }

// Keep the first publication date across re-imports; clear it when unpublished (spec section 4).
const publishedAt = (column: AnyColumn, published: boolean) => (published ? sql`coalesce(${column}, now())` : sql`null`)

/**
 * Upsert a curriculum tree by slug within each parent, in one transaction: re-running it updates
 * in place (ids, and so learners' progress, survive), and a failure leaves the database unchanged.
 */
export async function importCurriculum(db: Db, tree: PathFile[]): Promise<ImportCounts> {
	const counts: ImportCounts = { paths: 0, courses: 0, modules: 0, lessons: 0 }
	await db.transaction(async (tx) => {
		for (const p of tree) {
			// Both languages travel together; a missing *_pt is stored as null ("not translated yet").
			const pValues = {
				title: p.title,
				titlePt: p.title_pt || null,
				description: p.description ?? null,
				descriptionPt: p.description_pt || null,
				level: p.level ?? null,
				topics: p.topics ?? [],
				prerequisites: p.prerequisites || null,
				prerequisitesPt: p.prerequisites_pt || null,
				coverUrl: p.cover_url ?? null,
				isPublished: p.published,
			}
			const [pathRow] = await tx
				.insert(learningPaths)
				.values({ ...pValues, slug: p.slug, publishedAt: p.published ? new Date() : null })
				.onConflictDoUpdate({
					target: learningPaths.slug,
					set: { ...pValues, publishedAt: publishedAt(learningPaths.publishedAt, p.published), updatedAt: new Date() },
				})
				.returning({ id: learningPaths.id })
			counts.paths++
			for (const c of p.courses) {
				const values = {
					title: c.title,
					titlePt: c.title_pt || null,
					summary: c.summary ?? null,
					summaryPt: c.summary_pt || null,
					description: c.description ?? null,
					descriptionPt: c.description_pt || null,
					level: c.level ?? null,
					prerequisites: c.prerequisites || null,
					prerequisitesPt: c.prerequisites_pt || null,
					order: c.order,
					durationMinutes: c.duration_minutes ?? null,
					thumbnailUrl: c.thumbnail_url ?? null,
					isPublished: c.published,
				}
				const [courseRow] = await tx
					.insert(courses)
					.values({ ...values, pathId: pathRow!.id, slug: c.slug, publishedAt: c.published ? new Date() : null })
					.onConflictDoUpdate({
						target: [courses.pathId, courses.slug],
						set: { ...values, publishedAt: publishedAt(courses.publishedAt, c.published), updatedAt: new Date() },
					})
					.returning({ id: courses.id })
				counts.courses++
				for (const m of c.modules) {
					const mValues = {
						title: m.title,
						titlePt: m.title_pt || null,
						summary: m.summary ?? null,
						summaryPt: m.summary_pt || null,
						order: m.order,
						isPublished: m.published,
					}
					const [moduleRow] = await tx
						.insert(modules)
						.values({ ...mValues, courseId: courseRow!.id, slug: m.slug, publishedAt: m.published ? new Date() : null })
						.onConflictDoUpdate({
							target: [modules.courseId, modules.slug],
							set: { ...mValues, publishedAt: publishedAt(modules.publishedAt, m.published), updatedAt: new Date() },
						})
						.returning({ id: modules.id })
					counts.modules++
					for (const l of m.lessons) {
						const lValues = {
							title: l.title,
							titlePt: l.title_pt || null,
							lessonType: l.type,
							order: l.order,
							content: lessonContent(l),
							contentPt: lessonContentPt(l),
							xpValue: l.xp,
							durationMinutes: l.duration_minutes ?? null,
							thumbnailUrl: l.thumbnail_url ?? null,
							isPublished: l.published,
						}
						const [lessonRow] = await tx
							.insert(lessons)
							.values({ ...lValues, moduleId: moduleRow!.id, slug: l.slug, publishedAt: l.published ? new Date() : null })
							.onConflictDoUpdate({
								target: [lessons.moduleId, lessons.slug],
								set: { ...lValues, publishedAt: publishedAt(lessons.publishedAt, l.published), updatedAt: new Date() },
							})
							.returning({ id: lessons.id })
						const c = l.challenge
						await writeChallenge(tx, lessonRow!.id, c ? { ...c, hints: l.hints ?? [], hintsPt: l.hints_pt ?? [] } : null)
						counts.lessons++
					}
				}
			}
		}
	})
	return counts
}
