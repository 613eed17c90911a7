import { DiagnosticPage } from '~/components/diagnostic-page'
import type { Route } from './+types/static-bare'

export function loader() {
	return { renderedAt: new Date().toISOString() }
}

export const meta: Route.MetaFunction = () => [{ title: '/static-bare' }, { name: 'robots', content: 'noindex' }]

export default function StaticBarePage({ loaderData }: Route.ComponentProps) {
	return <DiagnosticPage name="/static-bare" {...loaderData} />
}
