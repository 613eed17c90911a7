import { gunzipSync } from 'node:zlib'
import type { EntryContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { type KeptPage, createKeptRenders, renderKey, wantsFreshPage } from './kept-renders.server.ts'

const encoder = new TextEncoder()

/** The parts of React Router's entry context a key reads: the hydration stream (as chunks) and the loader data. */
function context(chunks: string[], loaderData: Record<string, unknown> = { root: { user: 'u1' } }) {
	return {
		isSpaMode: false,
		staticHandlerContext: { loaderData },
		serverHandoffStream: new ReadableStream<Uint8Array>({
			start(controller) {
				for (const c of chunks) controller.enqueue(encoder.encode(c))
				controller.close()
			},
		}),
	} as unknown as EntryContext
}

const get = (url: string, headers: Record<string, string> = {}) => new Request(`http://app.test${url}`, { headers })

async function text(stream: ReadableStream<Uint8Array> | undefined) {
	return new Response(stream).text()
}

describe('renderKey', () => {
	it('is the same for the same URL, parts and hydration data, and the context can still render from the data', async () => {
		const a = context(['[{"user":1}', ',"xp",120]\n'])
		const b = context(['[{"user":1},"xp",120]\n'])
		const keyA = await renderKey(get('/dashboard'), 200, a, ['en', 'onShellReady'])
		expect(keyA).toMatch(/^[\w-]{43}$/)
		expect(await renderKey(get('/dashboard'), 200, b, ['en', 'onShellReady'])).toBe(keyA)
		expect(await text(a.serverHandoffStream)).toBe('[{"user":1},"xp",120]\n')
	})

	it('sets up the copy only when a render reads it, once (a kept page is answered without one)', async () => {
		const a = context(['[{"user":1},"xp",120]\n'])
		const Real = globalThis.ReadableStream
		let made = 0
		globalThis.ReadableStream = class extends Real<Uint8Array> {
			constructor(...args: ConstructorParameters<typeof Real<Uint8Array>>) {
				super(...args)
				made++
			}
		} as typeof ReadableStream
		try {
			await renderKey(get('/dashboard'), 200, a, ['en', 'onShellReady'])
			expect(made).toBe(0)
			const stream = a.serverHandoffStream
			expect(a.serverHandoffStream).toBe(stream)
			expect(made).toBe(1)
		} finally {
			globalThis.ReadableStream = Real
		}
		expect(await text(a.serverHandoffStream)).toBe('[{"user":1},"xp",120]\n')
	})

	it('changes with anything the render reads: data, path, query, language, flushing', async () => {
		const key = (url: string, data: string, parts = ['en', 'onShellReady']) => renderKey(get(url), 200, context([data]), parts)
		const base = await key('/dashboard', '[{"user":1},"xp",120]\n')
		const others = await Promise.all([
			key('/dashboard', '[{"user":1},"xp",130]\n'),
			key('/dashboard', '[{"user":2},"xp",120]\n'),
			key('/dashboard/scoreboard', '[{"user":1},"xp",120]\n'),
			key('/dashboard?week=1', '[{"user":1},"xp",120]\n'),
			key('/dashboard', '[{"user":1},"xp",120]\n', ['pt-BR', 'onShellReady']),
			key('/dashboard', '[{"user":1},"xp",120]\n', ['en', 'onAllReady']),
			// The parts are separated: moving a character from one to the next is another key.
			key('/dashboard', '[{"user":1},"xp",120]\n', ['e', 'nonShellReady']),
		])
		expect(new Set([base, ...others]).size).toBe(others.length + 1)
	})

	it('keeps nothing but whole GET renders that succeeded, without deferred data', async () => {
		expect(await renderKey(new Request('http://app.test/dashboard', { method: 'POST', body: 'x' }), 200, context(['[]']), [])).toBeNull()
		expect(await renderKey(get('/dashboard/nope'), 404, context(['[]']), [])).toBeNull()
		const deferred = context(['[]'], { 'routes/dashboard/home': { stats: Promise.resolve(1) } })
		expect(await renderKey(get('/dashboard'), 200, deferred, [])).toBeNull()
		// Not read: React Router still renders from its own stream.
		expect(await text(deferred.serverHandoffStream)).toBe('[]')
	})
})

describe('kept renders', () => {
	const bytes = (text: string) => Buffer.from(text)
	const read = (page: KeptPage | undefined) => (page?.gzip ? gunzipSync(page.body).toString() : page?.body.toString())

	it('gives a page back with the new response nonce wherever the old one was', () => {
		const kept = createKeptRenders({ maxBytes: 1_000_000 })
		kept.set('k', bytes('<script nonce="OLD">a</script><p>olá</p><script nonce="OLD">b</script>'), 'OLD')
		expect(read(kept.get('k', 'NEW'))).toBe('<script nonce="NEW">a</script><p>olá</p><script nonce="NEW">b</script>')
		expect(read(kept.get('k', 'OTHER'))).toBe('<script nonce="OTHER">a</script><p>olá</p><script nonce="OTHER">b</script>')
		expect(kept.get('other', 'NEW')).toBeUndefined()
	})

	it('gives it gzipped to a client that takes gzip, the same page once unzipped, and counts the deflated pieces', () => {
		const kept = createKeptRenders({ maxBytes: 1_000_000 })
		const page = `<script nonce="OLD">a</script>${'<p>olá</p>'.repeat(1000)}<script nonce="OLD">b</script>`
		kept.set('k', bytes(page), 'OLD')
		const before = kept.bytes
		const gz = kept.get('k', 'NEW', { gzip: true })!
		expect(gz.gzip).toBe(true)
		expect(gz.body.length).toBeLessThan(page.length / 10)
		expect(read(gz)).toBe(page.replaceAll('OLD', 'NEW'))
		expect(kept.bytes).toBeGreaterThan(before)
		// Deflated once: asked again, the pieces are reused and the count stays.
		const after = kept.bytes
		expect(read(kept.get('k', 'AGAIN', { gzip: true }))).toBe(page.replaceAll('OLD', 'AGAIN'))
		expect(kept.bytes).toBe(after)
		expect(kept.get('k', 'PLAIN')).toMatchObject({ gzip: false })
	})

	it('stays within its budget when a page is first asked gzipped', () => {
		const page = (c: string) => bytes(c.repeat(200))
		const kept = createKeptRenders({ maxBytes: 1_000 })
		for (const k of ['a', 'b', 'c', 'd', 'e']) kept.set(k, page(k), 'n')
		expect(kept.bytes).toBe(1_000)
		// Its deflated pieces need room: the least recently used page goes.
		expect(read(kept.get('c', 'n', { gzip: true }))).toBe(page('c').toString())
		expect(kept.bytes).toBeLessThanOrEqual(1_000)
		expect(kept.get('a', 'n')).toBeUndefined()
		expect(read(kept.get('c', 'm', { gzip: true }))).toBe(page('c').toString())
	})

	it('keeps a page from its second render: a key asked once is only remembered', () => {
		const kept = createKeptRenders({ maxBytes: 1_000_000, seenKeys: 2 })
		expect(kept.admit('a')).toBe(false)
		expect(kept.admit('a')).toBe(true)
		// Remembered keys are few: the oldest is forgotten first.
		expect(kept.admit('b')).toBe(false)
		expect(kept.admit('c')).toBe(false)
		expect(kept.admit('d')).toBe(false)
		expect(kept.admit('b')).toBe(false)
		expect(kept.admit('d')).toBe(true)
	})

	it('holds at most its budget, letting the least recently used page go first', () => {
		const page = (c: string) => bytes(c.repeat(200))
		const kept = createKeptRenders({ maxBytes: 1_000 })
		for (const k of ['a', 'b', 'c', 'd', 'e']) kept.set(k, page(k), 'n')
		expect(kept.size).toBe(5)
		expect(read(kept.get('a', 'n'))).toBe(page('a').toString()) // a is now the most recent
		kept.set('f', page('f'), 'n')
		expect(kept.get('b', 'n')).toBeUndefined()
		expect(read(kept.get('a', 'n'))).toBe(page('a').toString())
		expect(kept.bytes).toBeLessThanOrEqual(1_000)
		// Kept again under the same key: replaced, not counted twice.
		kept.set('f', page('g'), 'n')
		expect(read(kept.get('f', 'n'))).toBe(page('g').toString())
		expect(kept.bytes).toBe(1_000)
		// A page bigger than a quarter of the budget is not kept (it would push out several others).
		kept.set('big', bytes('x'.repeat(300)), 'n')
		expect(kept.get('big', 'n')).toBeUndefined()
	})

	it('keeps nothing with no budget', () => {
		const kept = createKeptRenders({ maxBytes: 0 })
		expect(kept.on).toBe(false)
		kept.set('k', bytes('page'), 'n')
		expect(kept.get('k', 'n')).toBeUndefined()
	})

	it('renders again on a hard reload', () => {
		expect(wantsFreshPage(get('/dashboard', { 'cache-control': 'no-cache' }))).toBe(true)
		expect(wantsFreshPage(get('/dashboard', { pragma: 'no-cache' }))).toBe(true)
		expect(wantsFreshPage(get('/dashboard', { 'cache-control': 'max-age=0' }))).toBe(false)
		expect(wantsFreshPage(get('/dashboard'))).toBe(false)
	})
})
