import { DiagnosticPage } from '~/components/diagnostic-page'
import type { Route } from './+types/bare'

export function loader() {
	return { renderedAt: new Date().toISOString() }
}

export const meta: Route.MetaFunction = () => [{ title: '/bare' }, { name: 'robots', content: 'noindex' }]

export default function BarePage({ loaderData }: Route.ComponentProps) {
	return <DiagnosticPage name="/bare" {...loaderData} />
}
