import { useEffect, useState } from 'react'

/** A bare page with its server render time in Portuguese and English, and whether it hydrated. */
export function DiagnosticPage({ name, renderedAt, pid }: { name: string; renderedAt: string; pid?: number }) {
	const [hydrated, setHydrated] = useState(false)
	useEffect(() => setHydrated(true), [])
	const date = new Date(renderedAt)
	return (
		<main className="mx-auto max-w-xl p-8 font-mono text-sm">
			<h1 className="mb-4 text-xl font-bold">{name}</h1>
			<p lang="pt-BR">
				Renderizado no servidor em: <time dateTime={renderedAt}>{date.toLocaleString('pt-BR', { timeZone: 'UTC' })} UTC</time>
			</p>
			<p lang="en-US">
				Rendered on the server at: <time dateTime={renderedAt}>{date.toLocaleString('en-US', { timeZone: 'UTC' })} UTC</time>
			</p>
			{pid ? <p data-testid="server-pid">Server process: {pid}</p> : null}
			<p data-testid="hydration">{hydrated ? 'Hydrated / Hidratado' : 'Server HTML only / Apenas HTML do servidor'}</p>
		</main>
	)
}
