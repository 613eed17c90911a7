import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { I18nProvider, I18nStore } from '~/features/i18n/react.tsx'
import en from '~/locales/en-US.json'
import pt from '~/locales/pt-BR.json'
import { FallbackError, RenderErrorPanel, SsrErrorPage } from './error-panels'

const render = (lang: 'en-US' | 'pt-BR', node: React.ReactNode) =>
	renderToString(<I18nProvider store={new I18nStore(lang, lang === 'en-US' ? en : pt)}>{node}</I18nProvider>)

function boom() {
	const error = new Error('Cannot read properties of undefined')
	error.stack = 'Error: Cannot read properties of undefined\n    at Widget (widget.tsx:3:9)'
	return error
}

describe('error panels (spec section 2)', () => {
	it('Render Error: the spec text, the message and the stack', () => {
		const html = render('pt-BR', <RenderErrorPanel error={boom()} />)
		expect(html).toContain('Erro ao renderizar a aplicação:')
		expect(html).toContain('Cannot read properties of undefined')
		expect(html).toContain('at Widget (widget.tsx:3:9)')
		expect(render('en-US', <RenderErrorPanel error={boom()} />)).toContain('Error rendering the application:')
	})

	it("Render Error without a message says 'Erro desconhecido'", () => {
		expect(render('pt-BR', <RenderErrorPanel error={{}} />)).toContain('Erro desconhecido')
		expect(render('en-US', <RenderErrorPanel error={null} />)).toContain('Unknown error')
	})

	it('SSR Error (development) shows the message and the stack; the production apology shows neither', () => {
		const dev = render('en-US', <SsrErrorPage error={boom()} />)
		expect(dev).toContain('SSR Error')
		expect(dev).toContain('Cannot read properties of undefined')
		expect(dev).toContain('widget.tsx:3:9')
		const prod = render('pt-BR', <FallbackError />)
		expect(prod).toContain('Algo deu errado')
		expect(prod).toContain('Recarregar Página')
		expect(prod).not.toContain('widget.tsx')
		// Both mark themselves as server-rendered, so hydrating them renders the same (root.tsx).
		expect(dev).toContain('data-ssr-error')
		expect(prod).toContain('data-ssr-error')
	})
})
