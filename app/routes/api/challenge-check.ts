import { requireAdmin } from '~/features/auth/session.server.ts'
import { checkSolution } from '~/features/challenges/check.server.ts'
import { checkSchema } from '~/features/challenges/schemas.ts'
import { failure, parseBody, refused } from '~/lib/forms.server.ts'
import type { Route } from './+types/challenge-check'

// POST {starter, tests, solution} (JSON), admins only: the studio's 'Check solution'.
export async function action({ request }: Route.ActionArgs) {
	await requireAdmin(request)
	const parsed = await parseBody(request, checkSchema, { kind: 'json', tooLarge: 'challenge.errors.tooLarge' })
	if (!parsed.ok) return refused(parsed)
	return { ok: true as const, ...(await checkSolution(parsed.data)) }
}

export function loader() {
	return failure('challenge.errors.invalidRequest', 405)
}
