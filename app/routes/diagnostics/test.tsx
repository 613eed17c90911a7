import { DiagnosticPage } from '~/components/diagnostic-page'
import type { Route } from './+types/test'

export function loader() {
	return { renderedAt: new Date().toISOString() }
}

export const meta: Route.MetaFunction = () => [{ title: '/test' }, { name: 'robots', content: 'noindex' }]

export default function TestPage({ loaderData }: Route.ComponentProps) {
	return <DiagnosticPage name="/test" {...loaderData} />
}
