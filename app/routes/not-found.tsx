import { NotFound } from '~/components/not-found'
import { log } from '~/lib/log.server.ts'
import type { Route } from './+types/not-found'
import { pageUrl } from '~/lib/page-url.ts'

export async function loader({ request }: Route.LoaderArgs) {
	// Unknown routes are worth knowing about: a broken link somewhere points here.
	log.error('route not found', { path: pageUrl(request).pathname })
	throw new Response('Not Found', { status: 404 })
}

export const meta: Route.MetaFunction = () => [{ title: '404' }, { name: 'robots', content: 'noindex' }]

export default function NotFoundRoute() {
	return <NotFound />
}

export function ErrorBoundary() {
	return <NotFound />
}
