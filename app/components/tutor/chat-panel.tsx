import { Bot, MessageSquarePlus } from 'lucide-react'
import { lazy, Suspense, useState, useSyncExternalStore } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Button } from '~/components/ui/button'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '~/components/ui/sheet'
import { Skeleton } from '~/components/ui/skeleton'
import { useTutorChat, type TutorChat } from './use-tutor-chat.ts'

// The conversation and the confirmation dialog load when they are needed, not with the lesson (issue 9):
// the chat is never server-rendered (a skeleton stands in until the panel can be seen), and on a phone it
// opens only on request.
const ChatBody = lazy(() => import('./chat-body.tsx'))
const ConfirmNewConversation = lazy(() => import('./confirm-new-conversation.tsx'))

// Tailwind's xl: the course player shows the chat as its right-hand column from here up.
const DESKTOP = '(min-width: 1280px)'
const subscribe = (onChange: () => void) => {
	const query = window.matchMedia(DESKTOP)
	query.addEventListener('change', onChange)
	return () => query.removeEventListener('change', onChange)
}
const useDesktop = () =>
	useSyncExternalStore(
		subscribe,
		() => window.matchMedia(DESKTOP).matches,
		() => false,
	)

/** The AI Instructor beside the lesson: a column on desktop, a slide-over behind a floating button below. */
export function TutorPanel({ lessonId }: { lessonId: string }) {
	const { t } = useTranslation()
	const desktop = useDesktop()
	const [open, setOpen] = useState(false)
	// Load only once the chat can be seen, so a phone does not fetch what nobody opens.
	const chat = useTutorChat(lessonId, desktop || open)

	return (
		<>
			<aside className="hidden xl:block" aria-labelledby="tutor-title">
				<div className="bg-card sticky top-20 flex h-[calc(100svh-6rem)] flex-col overflow-hidden rounded-xl border">
					<div className="flex items-start justify-between gap-2 border-b p-4 pb-3">
						<div className="min-w-0">
							<h2 id="tutor-title" className="flex items-center gap-2 font-semibold">
								<Bot className="text-primary size-5" aria-hidden />
								{t('tutor.title')}
							</h2>
							<p className="text-muted-foreground text-xs">{t('tutor.subtitle')}</p>
						</div>
						<NewConversation chat={chat} />
					</div>
					{desktop ? <LazyChatBody chat={chat} /> : <ChatPlaceholder />}
				</div>
			</aside>

			<Sheet open={open && !desktop} onOpenChange={setOpen}>
				<SheetTrigger asChild>
					<Button className="fixed right-4 bottom-4 z-40 h-12 rounded-full px-5 shadow-lg xl:hidden" aria-label={t('tutor.open')}>
						<Bot className="size-5" aria-hidden />
						{t('tutor.title')}
					</Button>
				</SheetTrigger>
				<SheetContent side="right" className="w-full gap-0 p-0 sm:max-w-md">
					<SheetHeader className="flex-row items-start justify-between gap-2 border-b pr-12">
						<div className="min-w-0">
							<SheetTitle className="flex items-center gap-2">
								<Bot className="text-primary size-5" aria-hidden />
								{t('tutor.title')}
							</SheetTitle>
							<SheetDescription className="text-xs">{t('tutor.subtitle')}</SheetDescription>
						</div>
						<NewConversation chat={chat} />
					</SheetHeader>
					<LazyChatBody chat={chat} />
				</SheetContent>
			</Sheet>
		</>
	)
}

function ChatPlaceholder() {
	return (
		<div className="space-y-3 p-4" aria-hidden>
			<Skeleton className="h-10 w-3/4" />
			<Skeleton className="h-10 w-full" />
		</div>
	)
}

function LazyChatBody({ chat }: { chat: TutorChat }) {
	return (
		<Suspense fallback={<ChatPlaceholder />}>
			<ChatBody chat={chat} />
		</Suspense>
	)
}

function NewConversation({ chat }: { chat: TutorChat }) {
	const { t } = useTranslation()
	const [confirming, setConfirming] = useState(false)
	// Mounted from the first click on, so that closing it animates like any dialog.
	const [asked, setAsked] = useState(false)
	return (
		<>
			<Button
				variant="ghost"
				size="icon-sm"
				title={t('tutor.newConversation')}
				aria-label={t('tutor.newConversation')}
				disabled={!chat.messages.length || chat.streaming || chat.clearing}
				onClick={() => {
					setAsked(true)
					setConfirming(true)
				}}
			>
				<MessageSquarePlus aria-hidden />
			</Button>
			{asked ? (
				<Suspense fallback={null}>
					<ConfirmNewConversation chat={chat} open={confirming} onOpenChange={setConfirming} />
				</Suspense>
			) : null}
		</>
	)
}
