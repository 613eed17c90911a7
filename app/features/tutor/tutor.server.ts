import { createHash } from 'node:crypto'
import { isAdmin, type SessionUser } from '~/features/auth/user.ts'
import { getVisibleLesson } from '~/features/catalog/catalog.server.ts'
import type { Language } from '~/features/i18n/config.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import { hit, retryAfterHeader } from '~/features/security/rate-limit.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { log } from '~/lib/log.server.ts'
import { loadLessonContext, type LessonContext } from './context.server.ts'
import { addCountedExchange, addExchange, clearMessages, listMessages, tokensUsedToday, trimReply } from './conversation.server.ts'
import { offlineReply, offlineSuggestions } from './offline.server.ts'
import { CHAT_PARAMS, HISTORY_LIMITS, SUGGEST_PARAMS, parseSuggestions, suggestPrompt, systemPrompt, trimHistory } from './prompt.ts'
import { complete, estimateTokens, ProviderError, providerConfig, stream, type ProviderConfig, type ProviderMessage } from './provider.server.ts'
import type { ChatPayload, ConversationPayload, ErrorPayload, StreamEvent, SuggestPayload, TutorSource } from './schemas.ts'
import { sseEvent } from './sse.ts'
import { isConnectionFault } from '#db/faults.ts'

// The tutor API behind /api/ai-chat. Every function takes a signed-in user and answers a Response.

const noStore = { 'cache-control': 'no-store' }

export function tutorProblem(language: Language, status: number, code: string, params?: Record<string, unknown>, retryAfter?: number) {
	const body: ErrorPayload = { error: getT(language)(`tutor.errors.${code}`, params), code }
	return Response.json(body, { status, headers: { ...noStore, ...retryAfterHeader(retryAfter) } })
}

/** Seconds until the next UTC midnight, when the daily token budget starts again. */
function untilUtcMidnight(now = Date.now()) {
	return Math.ceil((86_400_000 - (now % 86_400_000)) / 1000)
}

export async function conversationResponse(user: SessionUser, lessonId: string, language: Language) {
	const lesson = await getVisibleLesson(lessonId, isAdmin(user))
	if (!lesson) return tutorProblem(language, 404, 'lessonNotFound')
	const body: ConversationPayload = { messages: await listMessages(user.id, lesson.id), maxMessageChars: getEnv().TUTOR_MAX_MESSAGE_CHARS }
	return Response.json(body, { headers: noStore })
}

export async function clearResponse(user: SessionUser, lessonId: string, language: Language) {
	const lesson = await getVisibleLesson(lessonId, isAdmin(user))
	if (!lesson) return tutorProblem(language, 404, 'lessonNotFound')
	await clearMessages(user.id, lesson.id)
	return Response.json({ ok: true }, { headers: noStore })
}

/* --------------------------------- suggestions -------------------------------- */

// Suggestions depend on the lesson only, not on the learner: one model call per lesson version and
// language an hour, however many learners open it.
const suggestionCache = new Map<string, { at: number; value: Promise<string[]> }>()
const SUGGESTION_TTL_MS = 60 * 60 * 1000

function modelSuggestions(provider: ProviderConfig, ctx: LessonContext, language: Language): Promise<string[]> {
	const key = `${language}:${createHash('sha256').update(ctx.context).digest('base64url')}`
	const cached = suggestionCache.get(key)
	if (cached && Date.now() - cached.at < SUGGESTION_TTL_MS) return cached.value
	const value = complete(provider, {
		messages: [
			{ role: 'system', content: systemPrompt(getEnv().APP_NAME, ctx.context, language) },
			{ role: 'user', content: suggestPrompt(language) },
		],
		...SUGGEST_PARAMS,
	})
		.then((r) => parseSuggestions(r.text))
		.catch((error: unknown) => {
			suggestionCache.delete(key)
			log.warn('tutor: suggestions from the model failed; offline suggestions used', describe(error))
			return []
		})
	if (suggestionCache.size >= 500) suggestionCache.delete(suggestionCache.keys().next().value!)
	suggestionCache.set(key, { at: Date.now(), value })
	return value
}

export async function suggestResponse(user: SessionUser, lessonId: string, language: Language) {
	const ctx = await loadLessonContext(lessonId, isAdmin(user), user.id, language)
	if (!ctx) return tutorProblem(language, 404, 'lessonNotFound')
	const provider = providerConfig()
	const fromModel = provider ? await modelSuggestions(provider, ctx, language) : []
	const seen = new Set<string>()
	const suggestions = [...fromModel, ...offlineSuggestions(ctx.corpus.lesson, getT(language))]
		.filter((s) => !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()))
		.slice(0, 3)
	const body: SuggestPayload = { suggestions }
	return Response.json(body, { headers: noStore })
}

/* ------------------------------------ chat ------------------------------------ */

function describe(error: unknown) {
	// Only the kind and status: a provider's message could echo request details.
	return error instanceof ProviderError
		? { kind: error.kind, status: error.status }
		: { kind: 'unexpected', name: error instanceof Error ? error.name : typeof error }
}

type Prepared = { ctx: LessonContext; provider: ProviderConfig | null; messages: ProviderMessage[]; askedAt: Date }

function rateLimited(language: Language, retryAfter: number) {
	const env = getEnv()
	return tutorProblem(language, 429, 'rateLimited', { max: env.TUTOR_RATE_LIMIT, minutes: Math.ceil(env.TUTOR_RATE_WINDOW_SECONDS / 60) }, retryAfter)
}

/**
 * Checks in order (lesson, rate limit, budget), then the prompt with the trimmed stored history. Without a
 * model the reply costs nothing to make and there is no budget: the limit is counted with the stored exchange,
 * in one statement (answerOffline), still before the learner gets anything.
 */
async function prepare(user: SessionUser, lessonId: string, question: string, language: Language): Promise<Prepared | Response> {
	const env = getEnv()
	const ctx = await loadLessonContext(lessonId, isAdmin(user), user.id, language)
	if (!ctx) return tutorProblem(language, 404, 'lessonNotFound')
	const provider = providerConfig()
	if (!provider) return { ctx, provider, messages: [], askedAt: new Date() }
	const rate = await hit('tutorMessages', user.id)
	if (rate.limited) return rateLimited(language, rate.retryAfter)
	if ((await tokensUsedToday(user.id)) >= env.TUTOR_DAILY_TOKENS) return tutorProblem(language, 429, 'budget', undefined, untilUtcMidnight())
	const history = trimHistory(await listMessages(user.id, ctx.lessonId, HISTORY_LIMITS.messages), {
		messages: HISTORY_LIMITS.messages,
		chars: HISTORY_LIMITS.chars - question.length,
	})
	const messages: ProviderMessage[] = [
		{ role: 'system', content: systemPrompt(env.APP_NAME, ctx.context, language) },
		...history.map(({ role, content }) => ({ role, content })),
		{ role: 'user', content: question },
	]
	return { ctx, provider, messages, askedAt: new Date() }
}

const promptChars = (messages: ProviderMessage[]) => messages.reduce((n, m) => n + m.content.length, 0)

/** A write of the conversation after the reply was given: it cannot fail the answer. */
async function afterReply(write: () => Promise<unknown>) {
	try {
		await write()
	} catch (error) {
		// A database fault is logged once by the health monitor.
		if (isConnectionFault(error)) return
		log.error('tutor: could not store the conversation', { error: error instanceof Error ? error.message : String(error) })
	}
}

const save = (user: SessionUser, prepared: Prepared, question: string, reply: string, tokens: number) =>
	afterReply(() => addExchange(user.id, prepared.ctx.lessonId, { question, askedAt: prepared.askedAt, reply, tokens }))

/** The offline tutor's reply, stored with its rate-limit hit (and its row, to cut it), or the 429 when over the limit. */
async function answerOffline(user: SessionUser, prepared: Prepared, question: string, language: Language) {
	const reply = offlineReply(question, prepared.ctx.corpus, getT(language))
	const stored = await addCountedExchange(user.id, prepared.ctx.lessonId, { question, askedAt: prepared.askedAt, reply, tokens: 0 })
	return stored.limited ? rateLimited(language, stored.retryAfter) : { reply, replyId: stored.replyId }
}

/** `{reply}` in one JSON answer. */
export async function chatResponse(user: SessionUser, lessonId: string, question: string, language: Language, signal?: AbortSignal) {
	const prepared = await prepare(user, lessonId, question, language)
	if (prepared instanceof Response) return prepared
	if (!prepared.provider) {
		const offline = await answerOffline(user, prepared, question, language)
		if (offline instanceof Response) return offline
		return Response.json({ reply: offline.reply, source: 'offline' } satisfies ChatPayload, { headers: noStore })
	}
	let reply: string | undefined
	let tokens = 0
	let source: TutorSource = 'offline'
	try {
		const result = await complete(prepared.provider, { messages: prepared.messages, ...CHAT_PARAMS, signal })
		reply = result.text
		tokens = result.tokens
		source = 'ai'
	} catch (error) {
		log.warn('tutor: the model failed; the offline tutor answers', describe(error))
	}
	reply ??= offlineReply(question, prepared.ctx.corpus, getT(language))
	await save(user, prepared, question, reply, tokens)
	const body: ChatPayload = { reply, source }
	return Response.json(body, { headers: noStore })
}

/** The offline reply, cut into small pieces so it arrives like a model's. */
function pieces(text: string): string[] {
	const words = text.split(/(?<=\s)/)
	const out: string[] = []
	for (let i = 0; i < words.length; i += 4) out.push(words.slice(i, i + 4).join(''))
	return out
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The reply as server-sent events: deltas, then done (or error). Stops, and stores what it has, when the learner stops. */
export async function chatStreamResponse(user: SessionUser, lessonId: string, question: string, language: Language, signal?: AbortSignal) {
	const prepared = await prepare(user, lessonId, question, language)
	if (prepared instanceof Response) return prepared
	// Without a model the whole reply is stored before it streams (with the limit's hit); a learner who stops
	// it has the stored reply cut to what reached them.
	const offline = prepared.provider ? undefined : await answerOffline(user, prepared, question, language)
	if (offline instanceof Response) return offline
	const abort = new AbortController()
	signal?.addEventListener('abort', () => abort.abort(), { once: true })
	const encoder = new TextEncoder()
	const body = new ReadableStream<Uint8Array>({
		async start(controller) {
			const send = (event: StreamEvent) => {
				if (abort.signal.aborted) return
				try {
					controller.enqueue(encoder.encode(sseEvent(event)))
				} catch {
					abort.abort()
				}
			}
			let text = ''
			let tokens = 0
			let source: TutorSource = 'offline'
			try {
				if (prepared.provider) {
					try {
						for await (const piece of stream(prepared.provider, { messages: prepared.messages, ...CHAT_PARAMS, signal: abort.signal })) {
							if ('text' in piece) {
								text += piece.text
								send({ type: 'delta', text: piece.text })
							} else tokens = piece.tokens
						}
						source = 'ai'
					} catch (error) {
						if (!abort.signal.aborted) log.warn('tutor: the model failed; the offline tutor answers', describe(error))
						// Tokens were spent on whatever arrived (or was asked): count them.
						if (text || abort.signal.aborted) {
							source = 'ai'
							tokens = estimateTokens(promptChars(prepared.messages) + text.length)
						}
					}
				}
				if (source === 'offline') {
					const list = pieces(offline?.reply ?? offlineReply(question, prepared.ctx.corpus, getT(language)))
					const pause = Math.min(15, 1200 / Math.max(1, list.length))
					for (const piece of list) {
						if (abort.signal.aborted) break
						text += piece
						send({ type: 'delta', text: piece })
						await sleep(pause)
					}
				}
				send({ type: 'done', source })
			} catch (error) {
				log.error('tutor: the reply stream failed', describe(error))
				send({ type: 'error', message: getT(language)('tutor.errors.noAnswer') })
			} finally {
				if (!offline) await save(user, prepared, question, text, tokens)
				else if (text !== offline.reply && offline.replyId) {
					const { replyId } = offline
					await afterReply(() => trimReply(replyId, text))
				}
				try {
					controller.close()
				} catch {
					// already closed by the client going away
				}
			}
		},
		cancel() {
			abort.abort()
		},
	})
	return new Response(body, {
		headers: {
			'content-type': 'text/event-stream; charset=utf-8',
			// no-transform keeps the compression middleware from buffering the stream.
			'cache-control': 'no-cache, no-transform',
			'x-accel-buffering': 'no',
		},
	})
}
