import { data } from 'react-router'
import { requireUser } from '~/features/auth/session.server.ts'
import { isAdmin } from '~/features/auth/user.ts'
import { runChallenge } from '~/features/challenges/attempts.server.ts'
import { runSchema } from '~/features/challenges/schemas.ts'
import { failure, parseBody, refused } from '~/lib/forms.server.ts'
import type { Route } from './+types/challenge-run'

// POST {lessonId, source} (JSON): grade the learner's code against the lesson's tests on the server.
export async function action({ request }: Route.ActionArgs) {
	const user = await requireUser(request)
	const parsed = await parseBody(request, runSchema, { kind: 'json', tooLarge: 'challenge.errors.tooLarge' })
	if (!parsed.ok) return refused(parsed)
	const outcome = await runChallenge(user.id, parsed.data.lessonId, parsed.data.source, isAdmin(user))
	if (!outcome.ok)
		return failure(outcome.error, outcome.status, undefined, outcome.retryAfterSeconds ? { 'Retry-After': String(outcome.retryAfterSeconds) } : undefined)
	return data(outcome, { headers: { 'Cache-Control': 'no-store' } })
}

export function loader() {
	return failure('challenge.errors.invalidRequest', 405)
}
