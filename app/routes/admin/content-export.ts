import { z } from 'zod'
import { contentFiles, curriculumTree } from '~/features/admin/bundle-export.server.ts'
import { packZip } from '~/features/admin/bundle-zip.server.ts'
import { requireAdmin } from '~/features/auth/session.server.ts'
import { getDb } from '~/lib/db.server.ts'
import type { Route } from './+types/content-export'
import { pageUrl } from '~/lib/page-url.ts'

const query = z.object({
	path: z
		.string()
		.regex(/^[a-z0-9-]{1,80}$/)
		.optional()
		.catch(undefined),
})

// GET ?path=<slug>: the curriculum (or one path) as a .zip of the content/ folder format.
export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const { path } = query.parse(Object.fromEntries(pageUrl(request).searchParams))
	const tree = await curriculumTree(await getDb(), { pathSlug: path })
	if (path && !tree.length) return new Response('Learning path not found.', { status: 404 })
	const zip = packZip(contentFiles(tree))
	const name = `${path ?? 'curriculum'}-${new Date().toISOString().slice(0, 10)}.zip`
	return new Response(Buffer.from(zip), {
		headers: {
			'Content-Type': 'application/zip',
			'Content-Disposition': `attachment; filename="${name}"`,
			'Content-Length': String(zip.byteLength),
			'Cache-Control': 'no-store',
		},
	})
}
