import { data } from 'react-router'
import { rethrowFault } from '#db/faults.ts'
import { fieldErrors, readFields } from '~/lib/forms.server.ts'
import { log } from '~/lib/log.server.ts'
import { createItem, deleteItem, moveItem, setPublished, updateItem, type WriteResult } from './content.server.ts'
import { formSchemas, idSchema, intentSchema, toggleSchema, type ContentKind } from './schemas.ts'
import type { ActionResult } from './types.ts'

const failure: Record<ContentKind, { save: string; delete: string }> = {
	path: { save: 'admin.paths.saveFailed', delete: 'admin.paths.deleteFailed' },
	course: { save: 'admin.courses.saveFailed', delete: 'admin.courses.deleteFailed' },
	module: { save: 'admin.modules.saveFailed', delete: 'admin.modules.deleteFailed' },
	lesson: { save: 'admin.lessons.saveFailed', delete: 'admin.lessons.deleteFailed' },
}

function reply(result: ActionResult, status = 200) {
	return data<ActionResult>(result, { status })
}

/**
 * The one action of each content screen: `intent` picks create, update, toggle, delete, move-up or
 * move-down; the input is validated with the form's own schema. Call requireAdmin before this.
 */
export async function contentAction(kind: ContentKind, actorId: string, request: Request) {
	const read = await readFields(request, { fallback: 'admin.errors.badRequest' })
	if (!read.ok) return reply({ ok: false, error: read.error }, read.status)
	const form = read.values
	const parsedIntent = intentSchema.safeParse(form)
	if (!parsedIntent.success) return reply({ ok: false, error: 'admin.errors.badRequest' }, 400)
	const intent = parsedIntent.data.intent
	const fallback =
		intent === 'delete'
			? failure[kind].delete
			: intent === 'toggle'
				? 'admin.toggleFailed'
				: intent.startsWith('move')
					? 'admin.moveFailed'
					: failure[kind].save
	const done = (result: WriteResult) =>
		result.ok ? reply({ ok: true, intent, id: result.id }) : reply({ ok: false, intent, error: result.error, fields: result.fields }, result.status)

	try {
		if (intent === 'create' || intent === 'update') {
			const parsed = formSchemas[kind].safeParse(form)
			if (!parsed.success) {
				const fields = fieldErrors(parsed.error)
				return reply({ ok: false, intent, error: Object.values(fields)[0] ?? fallback, fields }, 400)
			}
			if (intent === 'create') return done(await createItem(kind, actorId, parsed.data))
			const id = idSchema.safeParse(form)
			if (!id.success) return reply({ ok: false, intent, error: 'admin.errors.badRequest' }, 400)
			return done(await updateItem(kind, actorId, id.data.id, parsed.data))
		}
		if (intent === 'toggle') {
			const parsed = toggleSchema.safeParse(form)
			if (!parsed.success) return reply({ ok: false, intent, error: 'admin.errors.badRequest' }, 400)
			return done(await setPublished(kind, actorId, parsed.data.id, parsed.data.is_published))
		}
		const id = idSchema.safeParse(form)
		if (!id.success) return reply({ ok: false, intent, error: 'admin.errors.badRequest' }, 400)
		if (intent === 'delete') return done(await deleteItem(kind, actorId, id.data.id))
		if (kind === 'path') return reply({ ok: false, intent, error: 'admin.errors.badRequest' }, 400)
		return done(await moveItem(kind, actorId, id.data.id, intent === 'move-up' ? -1 : 1))
	} catch (error) {
		rethrowFault(error)
		log.error('admin content write failed', { kind, intent, error: String(error) })
		return reply({ ok: false, intent, error: fallback }, 500)
	}
}
