import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the fake does with the next request. */
export type FakeAnswer =
	/** A normal reply: JSON, or SSE in `pieces` when the request asks to stream. */
	| { reply: string; pieces?: string[]; usage?: number; pauseMs?: number }
	| { status: number; body?: string }
	/** Never answers (headers included): the client's timeout must fire. */
	| { hang: true }
	/** Starts a stream, sends these pieces, then stalls forever. */
	| { stallAfter: string[] }

export type FakeRequest = { path: string; authorization?: string; body: Record<string, unknown> & { messages: { role: string; content: string }[] } }

/**
 * A fake OpenAI-compatible chat-completions server on 127.0.0.1 (real HTTP, SSE streaming included).
 * Answers are queued with `answer()`; when the queue is empty it replies "Hello from the model.".
 */
export async function startFakeOpenAI() {
	const requests: FakeRequest[] = []
	const queue: FakeAnswer[] = []
	const server = http.createServer((req, res) => {
		let raw = ''
		req.on('data', (c) => (raw += c))
		req.on('end', async () => {
			if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
				res.statusCode = 404
				return res.end('{}')
			}
			const body = JSON.parse(raw) as FakeRequest['body']
			requests.push({ path: req.url, authorization: req.headers.authorization, body })
			const answer = queue.shift() ?? { reply: 'Hello from the model.' }
			if ('hang' in answer) return
			if ('status' in answer) {
				res.writeHead(answer.status, { 'content-type': 'application/json' })
				return res.end(answer.body ?? JSON.stringify({ error: { message: `fake error ${answer.status}` } }))
			}
			if ('stallAfter' in answer) {
				res.writeHead(200, { 'content-type': 'text/event-stream' })
				for (const piece of answer.stallAfter) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`)
				return
			}
			const usage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: answer.usage ?? 42 }
			if (!body.stream) {
				res.writeHead(200, { 'content-type': 'application/json' })
				return res.end(
					JSON.stringify({ id: 'cmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: answer.reply } }], usage }),
				)
			}
			res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
			for (const piece of answer.pieces ?? [answer.reply]) {
				res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: piece } }] })}\n\n`)
				if (answer.pauseMs) await new Promise((r) => setTimeout(r, answer.pauseMs))
			}
			res.write(`data: ${JSON.stringify({ choices: [], usage })}\n\n`)
			res.end('data: [DONE]\n\n')
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
	return {
		base,
		requests,
		answer: (...answers: FakeAnswer[]) => queue.push(...answers),
		reset: () => {
			requests.length = 0
			queue.length = 0
		},
		close: async () => {
			server.closeAllConnections()
			await new Promise<void>((resolve) => server.close(() => resolve()))
		},
	}
}
