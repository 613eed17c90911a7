import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { toast } from '~/components/ui/toast'
import type { ChatPayload, ConversationPayload, ErrorPayload, StreamEvent, SuggestPayload, TutorMessage } from '~/features/tutor/schemas.ts'
import { createSseReader } from '~/features/tutor/sse.ts'

export type ChatItem = TutorMessage & { error?: boolean; stopped?: boolean }
export type TutorChat = ReturnType<typeof useTutorChat>

const ENDPOINT = '/api/ai-chat'
let counter = 0
// Not crypto.randomUUID: it is missing on plain-http origins other than localhost.
const localId = () => `local-${++counter}`

/**
 * The chat with the AI Instructor for one lesson: the stored conversation and suggestions load once
 * `active` turns true; replies stream in; errors become assistant messages with the spec's texts.
 */
export function useTutorChat(lessonId: string, active: boolean) {
	const { t } = useTranslation()
	const [status, setStatus] = useState<'idle' | 'loading' | 'ready' | 'error'>('idle')
	const [messages, setMessages] = useState<ChatItem[]>([])
	const [suggestions, setSuggestions] = useState<string[] | null>(null)
	const [maxChars, setMaxChars] = useState(2000)
	const [streaming, setStreaming] = useState(false)
	const [clearing, setClearing] = useState(false)
	const abortRef = useRef<AbortController | null>(null)
	// State updates land after a render; a double click must not send twice in between.
	const busy = useRef(false)

	const load = useCallback(async () => {
		setStatus('loading')
		try {
			const res = await fetch(`${ENDPOINT}?lessonId=${encodeURIComponent(lessonId)}`, { headers: { accept: 'application/json' } })
			if (!res.ok) throw new Error(`${res.status}`)
			const data = (await res.json()) as ConversationPayload
			setMessages(data.messages)
			setMaxChars(data.maxMessageChars)
			setStatus('ready')
		} catch {
			setStatus('error')
		}
	}, [lessonId])

	const loadSuggestions = useCallback(async () => {
		try {
			const res = await fetch(ENDPOINT, {
				method: 'POST',
				headers: { 'content-type': 'application/json', accept: 'application/json' },
				body: JSON.stringify({ mode: 'suggest', lessonId }),
			})
			if (!res.ok) throw new Error(`${res.status} ${res.statusText}`)
			setSuggestions(((await res.json()) as SuggestPayload).suggestions)
		} catch (error) {
			// Spec: suggestion failures are only logged.
			console.warn('AI Instructor: suggestions could not be loaded', error)
			setSuggestions([])
		}
	}, [lessonId])

	useEffect(() => {
		if (!active || status !== 'idle') return
		void load()
		void loadSuggestions()
	}, [active, status, load, loadSuggestions])

	// Leaving the lesson stops a reply still streaming.
	useEffect(() => () => abortRef.current?.abort(), [])

	const problemText = useCallback(
		async (res: Response) => {
			try {
				const body = (await res.json()) as Partial<ErrorPayload>
				if (body.code && body.error) return body.error
			} catch {
				// not our JSON: fall back to the status line
			}
			return t('tutor.errors.status', { status: res.status, statusText: res.statusText }).trim()
		},
		[t],
	)

	/** Sends a message; blank ones are ignored (returns false). */
	const send = useCallback(
		async (raw: string) => {
			const content = raw.trim()
			if (!content || busy.current || status !== 'ready') return false
			busy.current = true
			const controller = new AbortController()
			abortRef.current = controller
			const replyId = localId()
			setMessages((list) => [...list, { id: localId(), role: 'user', content }, { id: replyId, role: 'assistant', content: '' }])
			setStreaming(true)
			const patch = (change: Partial<ChatItem>) => setMessages((list) => list.map((m) => (m.id === replyId ? { ...m, ...change } : m)))
			let text = ''
			try {
				const res = await fetch(ENDPOINT, {
					method: 'POST',
					headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
					body: JSON.stringify({ mode: 'chat', lessonId, messages: [{ role: 'user', content }] }),
					signal: controller.signal,
				})
				if (!res.ok) {
					patch({ content: await problemText(res), error: true })
					return true
				}
				if (!res.headers.get('content-type')?.includes('text/event-stream')) {
					const data = (await res.json()) as Partial<ChatPayload>
					if (typeof data.reply !== 'string') patch({ content: t('tutor.errors.noAnswer'), error: true })
					else if (!data.reply.trim()) patch({ content: t('tutor.errors.noReply'), error: true })
					else patch({ content: data.reply })
					return true
				}
				const reader = res.body!.getReader()
				const sse = createSseReader()
				const decoder = new TextDecoder()
				let finished = false
				let failure: string | null = null
				const handle = (payloads: string[]) => {
					for (const payload of payloads) {
						const event = JSON.parse(payload) as StreamEvent
						if (event.type === 'delta') {
							text += event.text
							patch({ content: text })
						} else if (event.type === 'done') finished = true
						else failure = event.message
					}
				}
				for (;;) {
					const chunk = await reader.read()
					if (chunk.done) break
					handle(sse.push(decoder.decode(chunk.value, { stream: true })))
				}
				handle(sse.end())
				if (!text) patch({ content: failure ?? t(finished ? 'tutor.errors.noReply' : 'tutor.errors.noAnswer'), error: true })
			} catch {
				if (text) patch({ stopped: true })
				else if (controller.signal.aborted) setMessages((list) => list.filter((m) => m.id !== replyId))
				else patch({ content: t('tutor.errors.network'), error: true })
			} finally {
				abortRef.current = null
				busy.current = false
				setStreaming(false)
			}
			return true
		},
		[lessonId, problemText, status, t],
	)

	const stop = useCallback(() => abortRef.current?.abort(), [])

	const clear = useCallback(async () => {
		setClearing(true)
		try {
			const res = await fetch(`${ENDPOINT}?lessonId=${encodeURIComponent(lessonId)}`, { method: 'DELETE' })
			if (!res.ok) throw new Error(`${res.status}`)
			setMessages([])
			toast.success(t('tutor.cleared'))
			return true
		} catch {
			toast.error(t('tutor.clearFailed'))
			return false
		} finally {
			setClearing(false)
		}
	}, [lessonId, t])

	return { status, messages, suggestions, maxChars, streaming, clearing, send, stop, clear, retry: load }
}
