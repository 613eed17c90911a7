import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { wholeResponse } from '../app/lib/whole-response.server.ts'
import { send } from './react-router.ts'

describe('send: a Fetch API response onto the socket', () => {
	let server: http.Server | undefined
	// Every connection closed first: an aborted stream's socket would otherwise hold close() for its keep-alive time.
	afterEach(() => new Promise<void>((resolve) => (server ? (server.closeAllConnections(), server.close(() => resolve())) : resolve())))

	it('writes a body of stated length, or one whole before the event loop turns, in one end; streams any other as it comes', async () => {
		const writes: Record<string, number> = {}
		const page = 'x'.repeat(70_000)
		const app = express()
		app.get('/:kind', (req, res, next) => {
			const kind = req.params.kind!
			const write = res.write.bind(res)
			writes[kind] = 0
			res.write = ((...args: Parameters<typeof res.write>) => (writes[kind]!++, write(...args))) as typeof res.write
			const body =
				kind === 'whole'
					? new Response(page, { headers: { 'content-length': String(page.length) } })
					: kind === 'ready'
						? // React Router's data answers: encoded in microtasks, chunk after chunk, with no length stated.
							new Response(
								new ReadableStream({
									async start(controller) {
										for (let at = 0; at < page.length; at += 10_000) {
											await Promise.resolve()
											controller.enqueue(new TextEncoder().encode(page.slice(at, at + 10_000)))
										}
										controller.close()
									},
								}).pipeThrough(new TransformStream()),
							)
						: new Response(
								new ReadableStream({
									start(controller) {
										controller.enqueue(new TextEncoder().encode(page.slice(0, 35_000)))
										setTimeout(() => (controller.enqueue(new TextEncoder().encode(page.slice(35_000))), controller.close()), 20)
									},
								}),
							)
			send(res, body).catch(next)
		})
		server = app.listen(0, '127.0.0.1')
		await new Promise((r) => server!.once('listening', r))
		const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
		const whole = await fetch(`${base}/whole`)
		expect(whole.headers.get('content-length')).toBe(String(page.length))
		expect(whole.headers.get('transfer-encoding')).toBeNull()
		expect(await whole.text()).toBe(page)
		expect(writes.whole).toBe(0)
		const ready = await fetch(`${base}/ready`)
		expect(ready.headers.get('content-length')).toBe(String(page.length))
		expect(ready.headers.get('transfer-encoding')).toBeNull()
		expect(await ready.text()).toBe(page)
		expect(writes.ready).toBe(0)
		const streamed = await fetch(`${base}/streamed`)
		expect(streamed.headers.get('transfer-encoding')).toBe('chunked')
		expect(await streamed.text()).toBe(page)
		expect(writes.streamed).toBe(2)
	})

	it("writes a page's own bytes without reading its stream, which still holds them for any other reader", async () => {
		const page = Buffer.from('<!DOCTYPE html>' + 'é'.repeat(40_000))
		let ended: unknown
		let answered: Response | undefined
		const app = express()
		app.get('/', (_req, res, next) => {
			const end = res.end.bind(res)
			res.end = ((chunk: unknown, ...rest: never[]) => ((ended = chunk), end(chunk as Buffer, ...rest))) as typeof res.end
			answered = wholeResponse(page, { headers: { 'content-length': String(page.length) } })
			send(res, answered).catch(next)
		})
		server = app.listen(0, '127.0.0.1')
		await new Promise((r) => server!.once('listening', r))
		const got = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
		expect(Buffer.from(await got.arrayBuffer()).equals(page)).toBe(true)
		expect(ended).toBe(page)
		expect(answered!.bodyUsed).toBe(false)
		expect(Buffer.from(await answered!.arrayBuffer()).equals(page)).toBe(true)
	})

	it('streams server-sent events, even an answer whose one event is there at once: its headers have already left', async () => {
		const app = express()
		app.get('/', (_req, res, next) => {
			const body = new ReadableStream<Uint8Array>({
				start(controller) {
					controller.enqueue(new TextEncoder().encode('data: {"type":"done"}\n\n'))
					controller.close()
				},
			})
			send(res, new Response(body, { headers: { 'content-type': 'text/event-stream' } })).catch(next)
		})
		server = app.listen(0, '127.0.0.1')
		await new Promise((r) => server!.once('listening', r))
		const got = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
		expect(got.status).toBe(200)
		expect(got.headers.get('transfer-encoding')).toBe('chunked')
		expect(got.headers.get('content-length')).toBeNull()
		expect(await got.text()).toBe('data: {"type":"done"}\n\n')
	})

	it('stops reading a streamed body whose client has gone while it waited for its next part', async () => {
		let cancelled: (reason: unknown) => void
		const stopped = new Promise((resolve) => (cancelled = resolve))
		const app = express()
		app.get('/', (_req, res, next) => {
			const body = new ReadableStream<Uint8Array>({
				start(controller) {
					// A part ready at once (the head), one 10 ms later (the pump), then a wait for a part that never comes.
					controller.enqueue(new TextEncoder().encode('ready;'))
					setTimeout(() => controller.enqueue(new TextEncoder().encode('later;')), 10)
				},
				cancel(reason) {
					cancelled(reason)
				},
			})
			send(res, new Response(body)).catch(next)
		})
		server = app.listen(0, '127.0.0.1')
		await new Promise((r) => server!.once('listening', r))
		const client = new AbortController()
		const got = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { signal: client.signal })
		expect(got.headers.get('transfer-encoding')).toBe('chunked')
		const reader = got.body!.getReader()
		let text = ''
		while (!text.includes('later;')) text += new TextDecoder().decode((await reader.read()).value)
		expect(text.startsWith('ready;')).toBe(true)
		client.abort()
		await stopped
	}, 10_000)
})
