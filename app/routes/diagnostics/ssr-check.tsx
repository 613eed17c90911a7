import { DiagnosticPage } from '~/components/diagnostic-page'
import type { Route } from './+types/ssr-check'

export function loader() {
	return { renderedAt: new Date().toISOString(), pid: process.pid }
}

export const meta: Route.MetaFunction = () => [{ title: '/ssr-check' }, { name: 'robots', content: 'noindex' }]

export default function SsrCheckPage({ loaderData }: Route.ComponentProps) {
	return <DiagnosticPage name="/ssr-check" {...loaderData} />
}
