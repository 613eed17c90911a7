import { getEnv } from '~/lib/env.server.ts'
import { createSseReader } from './sse.ts'

// A client for any OpenAI-compatible chat-completions server. The key is read here, on the server,
// and only ever sent to AI_BASE_URL; errors carry a status or a kind, never the request.

export type ProviderMessage = { role: 'system' | 'user' | 'assistant'; content: string }
export type CompletionRequest = { messages: ProviderMessage[]; temperature: number; maxTokens: number; signal?: AbortSignal }
export type ProviderConfig = { baseUrl: string; apiKey?: string; model: string; timeoutMs: number }

export class ProviderError extends Error {
	constructor(
		readonly kind: 'http' | 'timeout' | 'network' | 'bad-response' | 'aborted',
		readonly status?: number,
	) {
		super(status ? `AI provider answered ${status}` : `AI provider ${kind}`)
	}
}

/** Null when no provider is configured: the offline tutor answers instead. */
export function providerConfig(): ProviderConfig | null {
	const env = getEnv()
	if (!env.AI_BASE_URL && !env.AI_API_KEY) return null
	return {
		baseUrl: (env.AI_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/+$/, ''),
		apiKey: env.AI_API_KEY,
		model: env.AI_MODEL.trim() || 'gpt-4o-mini',
		timeoutMs: env.AI_TIMEOUT_MS,
	}
}

/** Rough token count for servers that do not report usage (about four characters a token). */
export const estimateTokens = (chars: number) => Math.ceil(chars / 4)

/** Aborts when the caller aborts, or when `kick()` has not been called for `ms` (a stalled server). */
function watchdog(ms: number, outer?: AbortSignal) {
	const controller = new AbortController()
	let timedOut = false
	let timer: ReturnType<typeof setTimeout> | undefined
	const onAbort = () => controller.abort()
	if (outer?.aborted) controller.abort()
	outer?.addEventListener('abort', onAbort, { once: true })
	const kick = () => {
		clearTimeout(timer)
		timer = setTimeout(() => {
			timedOut = true
			controller.abort()
		}, ms)
	}
	kick()
	return {
		signal: controller.signal,
		kick,
		failure: () => new ProviderError(timedOut ? 'timeout' : outer?.aborted ? 'aborted' : 'network'),
		// Also ends the connection when a reader stops early.
		stop: () => {
			clearTimeout(timer)
			outer?.removeEventListener('abort', onAbort)
			controller.abort()
		},
	}
}

function sleep(ms: number, signal?: AbortSignal) {
	return new Promise<void>((resolve) => {
		const timer = setTimeout(resolve, ms)
		signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
	})
}

/** POST to /chat/completions; one retry on 429 and 5xx (after Retry-After, capped at 2 s). */
async function send(config: ProviderConfig, request: CompletionRequest, stream: boolean) {
	const body = JSON.stringify({
		model: config.model,
		messages: request.messages,
		temperature: request.temperature,
		max_tokens: request.maxTokens,
		stream,
	})
	const headers: Record<string, string> = { 'content-type': 'application/json', accept: stream ? 'text/event-stream' : 'application/json' }
	if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`
	for (let attempt = 1; ; attempt++) {
		const dog = watchdog(config.timeoutMs, request.signal)
		let response: Response
		try {
			response = await fetch(`${config.baseUrl}/chat/completions`, { method: 'POST', headers, body, signal: dog.signal })
		} catch {
			dog.stop()
			throw dog.failure()
		}
		if (response.ok) return { response, dog }
		dog.stop()
		await response.body?.cancel().catch(() => {})
		const retryable = response.status === 429 || response.status >= 500
		if (attempt > 1 || !retryable) throw new ProviderError('http', response.status)
		const after = Number(response.headers.get('retry-after'))
		await sleep(Number.isFinite(after) && after > 0 ? Math.min(after * 1000, 2000) : 300, request.signal)
		if (request.signal?.aborted) throw new ProviderError('aborted')
	}
}

type Completion = { choices?: { message?: { content?: string | null }; delta?: { content?: string | null } }[]; usage?: { total_tokens?: number } }

const promptChars = (request: CompletionRequest) => request.messages.reduce((n, m) => n + m.content.length, 0)

/** One whole reply. `text` may be empty: the model said nothing. */
export async function complete(config: ProviderConfig, request: CompletionRequest): Promise<{ text: string; tokens: number }> {
	const { response, dog } = await send(config, request, false)
	let json: Completion
	try {
		json = (await response.json()) as Completion
	} catch {
		throw dog.signal.aborted ? dog.failure() : new ProviderError('bad-response')
	} finally {
		dog.stop()
	}
	if (!Array.isArray(json?.choices)) throw new ProviderError('bad-response')
	const text = json.choices[0]?.message?.content ?? ''
	return { text, tokens: json.usage?.total_tokens ?? estimateTokens(promptChars(request) + text.length) }
}

/**
 * A streamed reply, piece by piece; the last item carries the token count. Servers that ignore
 * `stream: true` and answer with one JSON body are read as one piece.
 */
export async function* stream(config: ProviderConfig, request: CompletionRequest): AsyncGenerator<{ text: string } | { tokens: number }> {
	const { response, dog } = await send(config, request, true)
	let text = ''
	let tokens: number | undefined
	try {
		if (!response.headers.get('content-type')?.includes('text/event-stream')) {
			const json = (await response.json().catch(() => null)) as Completion | null
			if (!Array.isArray(json?.choices)) throw new ProviderError('bad-response')
			text = json.choices[0]?.message?.content ?? ''
			if (text) yield { text }
			tokens = json.usage?.total_tokens
		} else {
			const reader = createSseReader()
			const decoder = new TextDecoder()
			const body = response.body!.getReader()
			const handle = function* (events: string[]) {
				for (const data of events) {
					if (data === '[DONE]') continue
					let chunk: Completion
					try {
						chunk = JSON.parse(data) as Completion
					} catch {
						continue
					}
					if (chunk.usage?.total_tokens) tokens = chunk.usage.total_tokens
					const piece = chunk.choices?.[0]?.delta?.content
					if (piece) {
						text += piece
						yield { text: piece }
					}
				}
			}
			for (;;) {
				let read: ReadableStreamReadResult<Uint8Array>
				try {
					read = await body.read()
				} catch {
					throw dog.failure()
				}
				if (read.done) break
				dog.kick()
				yield* handle(reader.push(decoder.decode(read.value, { stream: true })))
			}
			yield* handle(reader.end())
		}
	} finally {
		dog.stop()
	}
	yield { tokens: tokens ?? estimateTokens(promptChars(request) + text.length) }
}
