import { requireUser } from '~/features/auth/session.server.ts'
import { isAdmin } from '~/features/auth/user.ts'
import { saveDraft } from '~/features/challenges/attempts.server.ts'
import { draftSchema } from '~/features/challenges/schemas.ts'
import { failure, parseBody, refused } from '~/lib/forms.server.ts'
import type { Route } from './+types/challenge-draft'

// POST {lessonId, source} (JSON): autosave of the learner's code; source null goes back to the starter code.
export async function action({ request }: Route.ActionArgs) {
	const user = await requireUser(request)
	const parsed = await parseBody(request, draftSchema, { kind: 'json', tooLarge: 'challenge.errors.tooLarge' })
	if (!parsed.ok) return refused(parsed)
	if (!(await saveDraft(user.id, parsed.data.lessonId, parsed.data.source, isAdmin(user)))) return failure('challenge.errors.notFound', 404)
	return { ok: true as const }
}

export function loader() {
	return failure('challenge.errors.invalidRequest', 405)
}
