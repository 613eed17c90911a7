import { lazy, Suspense, useContext, type ComponentType, type ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { Writable } from 'node:stream'
import { createStaticHandler, type EntryContext, Scripts, ServerRouter, type StaticHandlerContext, UNSAFE_DataRouterContext, useLoaderData } from 'react-router'
import { describe, expect, it } from 'vitest'
import { readHandoff, renderWhole } from './whole-render.server.ts'

const NONCE = 'bm9uY2Utb2YtdGhlLXRlc3Q='
const encoder = new TextEncoder()

function Document({ children }: { children: ReactNode }) {
	const data = useLoaderData<{ name: string }>()
	return (
		<html lang="pt-BR">
			<head>
				<title>Painel</title>
			</head>
			<body>
				<p>Olá, {data.name}</p>
				{children}
				<Scripts />
			</body>
		</html>
	)
}

const manifestRoute = {
	id: 'root',
	path: '',
	module: '/assets/root.js',
	imports: [],
	hasAction: false,
	hasLoader: true,
	hasClientAction: false,
	hasClientLoader: false,
	hasClientMiddleware: false,
	hasErrorBoundary: false,
}
// One build's objects, the same on every render as the framework's are (React Router, patched, keeps a build's
// server routes per manifest: ADR 0022).
const manifest = { entry: { module: '/assets/entry.js', imports: [] }, url: '/assets/manifest.js', version: '1', routes: { root: manifestRoute } }
const future = { v8_middleware: false, v8_passThroughRequests: true, v8_trailingSlashAwareDataRequests: false }
const rootModules = new Map<ComponentType, { default: ComponentType }>()
/** The root route's module for a page: one per page, as a build has one per route. */
function rootModule(Page: ComponentType) {
	if (!rootModules.has(Page))
		rootModules.set(Page, {
			default: () => (
				<Document>
					<Page />
				</Document>
			),
		})
	return rootModules.get(Page)!
}
const Empty = () => null

/**
 * A real React Router entry context for one root route: what the framework hands entry.server, with the
 * hydration stream in the given chunks. `Page` is rendered inside the document.
 */
async function entryContext(chunks: Uint8Array[], Page: ComponentType = Empty): Promise<EntryContext> {
	const handler = createStaticHandler([{ id: 'root', path: '/', loader: () => ({ name: 'Ana' }) }])
	const staticHandlerContext = (await handler.query(new Request('http://app.test/'))) as StaticHandlerContext
	return {
		manifest,
		routeModules: { root: rootModule(Page) },
		staticHandlerContext,
		serverHandoffString: '{}',
		serverHandoffStream: new ReadableStream<Uint8Array>({
			start(controller) {
				for (const chunk of chunks) controller.enqueue(chunk)
				controller.close()
			},
		}),
		renderMeta: {},
		future,
		ssr: true,
		isSpaMode: false,
		routeDiscovery: { mode: 'initial' },
	} as unknown as EntryContext
}

const tree = (context: EntryContext) => <ServerRouter context={context} url="http://app.test/" nonce={NONCE} />

/** The same page through React's streamed render, gathered whole (what entry.server falls back to). */
function streamed(context: EntryContext) {
	return new Promise<string>((resolve, reject) => {
		const parts: Buffer[] = []
		const { pipe } = renderToPipeableStream(tree(context), {
			nonce: NONCE,
			onAllReady() {
				pipe(
					new Writable({
						write(chunk: Buffer, _encoding, done) {
							parts.push(chunk)
							done()
						},
						final(done) {
							resolve(Buffer.concat(parts).toString())
							done()
						},
					}),
				)
			},
			onShellError: reject,
		})
	})
}

// "ã" is two bytes in UTF-8: cut between them, a chunk alone would not decode.
const payload = '[{"name":"João"},"xp",120]\n'
const bytes = encoder.encode(payload)
const cut = bytes.indexOf(0xc3) + 1
const splitChunks = () => [bytes.slice(0, cut), bytes.slice(cut)]
/** The document without React Router's hydration scripts (written differently by the two renders). */
const documentPart = (html: string) => html.slice(0, html.indexOf('<!--$-->'))
const enqueued = (html: string) => [...html.matchAll(/streamController\.enqueue\((".*?")\);<\/script>/g)].map((m) => JSON.parse(m[1]!) as string).join('')

describe('readHandoff', () => {
	it('reads the hydration stream once, as bytes and text, and leaves the context a copy to stream from', async () => {
		const context = await entryContext(splitChunks())
		const first = readHandoff(context)
		expect(readHandoff(context)).toBe(first)
		const handoff = (await first)!
		expect(Buffer.concat(handoff.chunks).toString()).toBe(payload)
		expect(handoff.text()).toBe(payload)
		expect(await new Response(context.serverHandoffStream).text()).toBe(payload)
	})

	it('is null for a context without a stream', async () => {
		const context = await entryContext([])
		delete context.serverHandoffStream
		expect(await readHandoff(context)).toBeNull()
	})
})

describe('renderWhole', () => {
	it('renders the document a streamed render gives, with the whole hydration data in its scripts and no React runtime', async () => {
		const context = await entryContext(splitChunks())
		const html = renderWhole(tree(context), context, (await readHandoff(context))!)!
		expect(html.startsWith('<!DOCTYPE html><html lang="pt-BR">')).toBe(true)
		expect(html).toContain('<p>Olá, <!-- -->Ana</p>')
		expect(enqueued(html)).toBe(payload)
		expect(html).toContain(`<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script>`)
		// Nothing was streamed in later: no script of React's to move it into place.
		expect(html).not.toMatch(/\$RC|\$RV|<template id="B:/)

		const again = await entryContext(splitChunks())
		const reference = await streamed(again)
		expect(documentPart(html)).toBe(documentPart(reference))
		expect(enqueued(reference)).toBe(payload)
	})

	it('leaves the context as it found it, so a streamed render can follow', async () => {
		const context = await entryContext(splitChunks())
		renderWhole(tree(context), context, (await readHandoff(context))!)
		expect(context.renderMeta).toEqual({ didRenderScripts: false })
		expect(enqueued(await streamed(context))).toBe(payload)
	})

	it('gives up on a page where a part suspends, and the streamed render that follows waits for it', async () => {
		// A lazy component whose module arrives a moment later, as the code editor's does on a server's first render.
		const Later = lazy(() => new Promise<{ default: ComponentType }>((resolve) => setTimeout(() => resolve({ default: () => <p>editor</p> }), 10)))
		const context = await entryContext(splitChunks(), () => (
			<Suspense fallback={<p>loading</p>}>
				<Later />
			</Suspense>
		))
		expect(renderWhole(tree(context), context, (await readHandoff(context))!)).toBeNull()
		const html = await streamed(context)
		expect(html).toContain('<p>editor</p>')
		expect(enqueued(html)).toBe(payload)
	})

	it('throws what a component outside every boundary throws, as the streamed render rejects its shell', async () => {
		const context = await entryContext(splitChunks(), () => {
			throw new Error('broken page')
		})
		expect(() => renderWhole(tree(context), context, { chunks: [], text: () => '' })).toThrow('broken page')
	})
})

describe('ServerRouter (React Router patched: the server routes of a build are built once, ADR 0022)', () => {
	it('keeps the routes of a build across renders, and builds them again for a changed route module', async () => {
		const seen: unknown[] = []
		const Page = () => {
			seen.push(useContext(UNSAFE_DataRouterContext)?.router.routes)
			return <p>first module</p>
		}
		const render = async (P: ComponentType) => {
			const context = await entryContext(splitChunks(), P)
			return renderWhole(tree(context), context, (await readHandoff(context))!)!
		}
		expect(await render(Page)).toContain('<p>first module</p>')
		expect(await render(Page)).toContain('<p>first module</p>')
		expect(seen[0]).toBeDefined()
		expect(seen[1], 'the second render of the same build reuses its routes').toBe(seen[0])

		// What a dev server's module reload hands it: the same manifest, a new module for the route.
		const Reloaded = () => {
			seen.push(useContext(UNSAFE_DataRouterContext)?.router.routes)
			return <p>reloaded module</p>
		}
		expect(await render(Reloaded)).toContain('<p>reloaded module</p>')
		expect(seen[2]).not.toBe(seen[0])
	})
})
