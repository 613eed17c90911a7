import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import type { EntryContext } from 'react-router'

/**
 * React Router's hydration data, read whole: its bytes (what a kept page's key digests) and, when a render needs
 * it, its text. On a page with nothing deferred the stream is complete once the loaders have run (React Router
 * encodes it eagerly), so reading it costs no waiting.
 */
export type Handoff = { chunks: readonly Uint8Array[]; text: () => string }

const handoffs = new WeakMap<EntryContext, Promise<Handoff | null>>()

/**
 * Reads the context's hydration stream once (later calls share the result) and leaves the context a copy of it
 * to render from, set up only when a render asks for it.
 */
export function readHandoff(context: EntryContext): Promise<Handoff | null> {
	let read = handoffs.get(context)
	if (!read) handoffs.set(context, (read = drain(context)))
	return read
}

async function drain(context: EntryContext): Promise<Handoff | null> {
	const stream = context.serverHandoffStream
	if (!stream) return null
	const chunks: Uint8Array[] = []
	const reader = stream.getReader()
	for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value as Uint8Array)
	// A stream of the same bytes for each render that reads one: the whole render (React Router's router takes a
	// reader even when its cache answers), then a streamed one after it if the whole render gave up.
	let replay: ReadableStream<Uint8Array> | undefined
	const fresh = () =>
		new ReadableStream<Uint8Array>({
			start(controller) {
				for (const chunk of chunks) controller.enqueue(chunk)
				controller.close()
			},
		})
	Object.defineProperty(context, 'serverHandoffStream', {
		configurable: true,
		enumerable: true,
		get: () => (replay && !replay.locked ? replay : (replay = fresh())),
	})
	let text: string | undefined
	// Decoded whole: a character may be cut between two chunks.
	return { chunks, text: () => (text ??= Buffer.concat(chunks).toString()) }
}

/**
 * The page in one synchronous pass, or null when a part of it suspended (a lazy component whose module is not
 * loaded yet) or failed inside a Suspense boundary: the caller then streams it, since the streamed render waits
 * for such parts and reports their errors. An error outside every boundary is thrown, as the streamed render
 * rejects its shell.
 *
 * Why: `renderToString` builds the page as one string, encoded once at the end, where the streamed render
 * encodes each piece into a 2 KB view of its own and passes it through a Node stream (13 to 17 % of a fresh
 * signed-in page's server CPU, measured). React Router's `StreamTransfer` suspends on every read of the
 * hydration stream; given the whole text in its cache, it writes its scripts at once and nothing suspends, so
 * the page also carries no React script to move streamed parts into place.
 */
export function renderWhole(element: ReactNode, context: EntryContext, handoff: Handoff): string | null {
	const meta = (context.renderMeta ??= {})
	meta.streamCache = { 0: Object.assign(Promise.resolve(), { result: { done: true, value: handoff.text() } }) }
	let html: string
	try {
		html = renderToString(element)
	} finally {
		// A streamed render after this one reads the stream from its start, as if this one had not run.
		delete meta.streamCache
		meta.didRenderScripts = false
	}
	// A boundary renderToString could not finish is left to the browser, marked `<!--$!-->`.
	if (html.includes('<!--$!-->')) return null
	// The streamed render writes the doctype before a document's <html>; renderToString does not.
	return html.startsWith('<html') ? `<!DOCTYPE html>${html}` : html
}
