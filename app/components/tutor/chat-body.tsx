import { AlertCircle, SendHorizontal, Sparkles, Square } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Button } from '~/components/ui/button'
import { Skeleton } from '~/components/ui/skeleton'
import { Textarea } from '~/components/ui/textarea'
import { renderChatMarkdown } from '~/features/tutor/markdown.ts'
import { cn } from '~/lib/utils'
import type { ChatItem, TutorChat } from './use-tutor-chat.ts'

/** The conversation and the message box. Its own chunk: the panel loads it once the chat can be seen (issue 9). */
export default function ChatBody({ chat }: { chat: TutorChat }) {
	const { t } = useTranslation()
	const inputId = useId()
	const hintId = useId()
	const [draft, setDraft] = useState('')
	const log = useRef<HTMLDivElement>(null)
	const stick = useRef(true)
	const input = useRef<HTMLTextAreaElement>(null)

	// Follow the reply as it streams, unless the learner scrolled up to read.
	useEffect(() => {
		if (stick.current && log.current) log.current.scrollTop = log.current.scrollHeight
	}, [chat.messages])

	const submit = async (text: string) => {
		stick.current = true
		if (await chat.send(text)) setDraft('')
		input.current?.focus()
	}
	const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
		if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
			event.preventDefault()
			void submit(draft)
		}
	}
	const left = chat.maxChars - draft.length
	const last = chat.messages.at(-1)

	return (
		<div className="flex min-h-0 flex-1 flex-col">
			<div
				ref={log}
				role="log"
				aria-label={t('tutor.conversation')}
				aria-busy={chat.streaming}
				className="min-h-0 flex-1 space-y-3 overflow-y-auto p-4"
				onScroll={(e) => {
					const el = e.currentTarget
					stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48
				}}
			>
				{chat.status === 'idle' || chat.status === 'loading' ? (
					<div className="space-y-3" aria-label={t('tutor.loading')} role="status">
						<Skeleton className="h-10 w-3/4" />
						<Skeleton className="ml-auto h-8 w-1/2" />
						<Skeleton className="h-16 w-5/6" />
					</div>
				) : chat.status === 'error' ? (
					<div role="alert" className="grid justify-items-start gap-2 text-sm">
						<p className="text-destructive">{t('tutor.loadFailed')}</p>
						<Button variant="outline" size="sm" onClick={() => void chat.retry()}>
							{t('tutor.retry')}
						</Button>
					</div>
				) : chat.messages.length === 0 ? (
					<Suggestions chat={chat} onPick={(q) => void submit(q)} />
				) : (
					chat.messages.map((m) => <Message key={m.id} message={m} />)
				)}
				{chat.streaming && last?.role === 'assistant' ? (
					<div role="status" data-testid="tutor-typing" className="flex items-center gap-1 px-1 py-1">
						<span className="sr-only">{t('tutor.typing')}</span>
						{[0, 1, 2].map((i) => (
							<span key={i} aria-hidden className="bg-muted-foreground/60 size-1.5 animate-bounce rounded-full" style={{ animationDelay: `${i * 150}ms` }} />
						))}
					</div>
				) : null}
			</div>

			<form
				className="grid gap-1.5 border-t p-3"
				onSubmit={(e) => {
					e.preventDefault()
					void submit(draft)
				}}
			>
				<label htmlFor={inputId} className="sr-only">
					{t('tutor.inputLabel')}
				</label>
				<div className="flex items-end gap-2">
					<Textarea
						id={inputId}
						ref={input}
						value={draft}
						onChange={(e) => setDraft(e.target.value)}
						onKeyDown={onKeyDown}
						maxLength={chat.maxChars}
						rows={1}
						placeholder={t('tutor.placeholder')}
						aria-describedby={hintId}
						disabled={chat.status !== 'ready'}
						className="max-h-40 min-h-10 resize-none text-sm"
					/>
					{chat.streaming ? (
						<Button type="button" size="icon" variant="outline" onClick={chat.stop} aria-label={t('tutor.stop')} title={t('tutor.stop')}>
							<Square className="fill-current" aria-hidden />
						</Button>
					) : (
						<Button type="submit" size="icon" disabled={!draft.trim() || chat.status !== 'ready'} aria-label={t('tutor.send')} title={t('tutor.send')}>
							<SendHorizontal aria-hidden />
						</Button>
					)}
				</div>
				<p id={hintId} className="text-muted-foreground flex justify-between gap-2 text-[0.7rem]">
					<span>{t('tutor.hint')}</span>
					{left <= 200 ? <span aria-live="polite">{t('tutor.charsLeft', { count: left })}</span> : null}
				</p>
			</form>
		</div>
	)
}

function Suggestions({ chat, onPick }: { chat: TutorChat; onPick: (question: string) => void }) {
	const { t } = useTranslation()
	return (
		<div className="grid gap-3">
			<p className="text-muted-foreground text-sm">{t('tutor.empty')}</p>
			{chat.suggestions === null ? (
				<div role="status" className="grid gap-2">
					<span className="sr-only">{t('tutor.suggestionsLoading')}</span>
					{[0, 1, 2].map((i) => (
						<Skeleton key={i} className="h-9 w-full" />
					))}
				</div>
			) : (
				<ul className="grid gap-2" aria-label={t('tutor.suggestions')}>
					{chat.suggestions.map((q) => (
						<li key={q}>
							<Button
								variant="outline"
								className="h-auto w-full justify-start py-2 text-left whitespace-normal"
								disabled={chat.streaming}
								onClick={() => onPick(q)}
							>
								<Sparkles className="text-primary" aria-hidden />
								{q}
							</Button>
						</li>
					))}
				</ul>
			)}
		</div>
	)
}

// Chat replies are small documents: spacing and code styles scoped to the bubble.
const prose =
	'text-sm leading-6 break-words [&>*:first-child]:mt-0 [&>*:last-child]:mb-0 [&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_li]:my-0.5 [&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-[#0d1117] [&_pre]:p-3 [&_pre]:text-xs [&_pre]:leading-5 [&_pre]:text-[#e6edf3] [&_:not(pre)>code]:bg-muted [&_:not(pre)>code]:rounded [&_:not(pre)>code]:px-1 [&_:not(pre)>code]:font-mono [&_:not(pre)>code]:text-[0.85em] [&_a]:text-primary [&_a]:underline [&_blockquote]:text-muted-foreground [&_blockquote]:my-2 [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_table]:my-2 [&_table]:block [&_table]:overflow-x-auto [&_table]:text-xs [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1 [&_hr]:my-3'

function Message({ message }: { message: ChatItem }) {
	const { t } = useTranslation()
	const html = useMemo(() => (message.role === 'assistant' && !message.error ? renderChatMarkdown(message.content) : ''), [message])
	if (message.role === 'assistant' && !message.content) return null
	const mine = message.role === 'user'
	return (
		<div data-testid="tutor-message" data-role={message.role} className={cn('flex', mine && 'justify-end')}>
			<div
				className={cn(
					'max-w-[92%] rounded-lg px-3 py-2',
					mine ? 'bg-primary text-primary-foreground text-sm whitespace-pre-wrap' : 'bg-muted',
					message.error && 'border-destructive/40 bg-destructive/10 text-destructive flex items-start gap-2 border text-sm',
				)}
			>
				<span className="sr-only">{mine ? t('tutor.you') : t('tutor.title')}: </span>
				{mine ? (
					message.content
				) : message.error ? (
					<>
						<AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
						<span>{message.content}</span>
					</>
				) : (
					<div className={prose} dangerouslySetInnerHTML={{ __html: html }} />
				)}
				{message.stopped ? <p className="text-muted-foreground mt-1 text-xs italic">{t('tutor.stopped')}</p> : null}
			</div>
		</div>
	)
}
