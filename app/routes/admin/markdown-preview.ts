import { requireAdmin } from '~/features/auth/session.server.ts'
import { renderMarkdown } from '~/features/lessons/markdown.server.ts'
import { failure, readFields } from '~/lib/forms.server.ts'
import type { Route } from './+types/markdown-preview'

const MAX_LENGTH = 200_000

// Only POST: a GET is refused once the caller is known to be an admin (others are sent away first).
export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
}

// POST markdown=...: the lesson renderer's sanitized HTML, for the editor's live preview.
export async function action({ request }: Route.ActionArgs) {
	await requireAdmin(request)
	const read = await readFields(request, { fallback: 'admin.errors.badRequest' })
	if (!read.ok) return failure(read.error, read.status)
	const markdown = read.values.markdown
	if (typeof markdown !== 'string') return failure('admin.errors.badRequest', 400)
	if (markdown.length > MAX_LENGTH) return failure('errors.bodyTooLarge', 413)
	return Response.json({ html: renderMarkdown(markdown) }, { headers: { 'Cache-Control': 'no-store' } })
}
