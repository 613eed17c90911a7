import { DiagnosticPage } from '~/components/diagnostic-page'
import type { Route } from './+types/ssr-canary'

export function loader() {
	return { renderedAt: new Date().toISOString() }
}

export const meta: Route.MetaFunction = () => [{ title: '/ssr-canary' }, { name: 'robots', content: 'noindex' }]

export default function SsrCanaryPage({ loaderData }: Route.ComponentProps) {
	return <DiagnosticPage name="/ssr-canary" {...loaderData} />
}
