import { useTranslation } from '~/features/i18n/react.tsx'
import {
	AlertDialog,
	AlertDialogCancel,
	AlertDialogContent,
	AlertDialogDescription,
	AlertDialogFooter,
	AlertDialogHeader,
	AlertDialogTitle,
} from '~/components/ui/alert-dialog'
import { Button } from '~/components/ui/button'
import type { TutorChat } from './use-tutor-chat.ts'

/** "Start a new conversation?" Its own chunk, loaded at the first click on the button (issue 9). */
export default function ConfirmNewConversation({ chat, open, onOpenChange }: { chat: TutorChat; open: boolean; onOpenChange: (open: boolean) => void }) {
	const { t } = useTranslation()
	return (
		<AlertDialog open={open} onOpenChange={(next) => (chat.clearing ? null : onOpenChange(next))}>
			<AlertDialogContent>
				<AlertDialogHeader>
					<AlertDialogTitle>{t('tutor.newConversationTitle')}</AlertDialogTitle>
					<AlertDialogDescription>{t('tutor.newConversationBody')}</AlertDialogDescription>
				</AlertDialogHeader>
				<AlertDialogFooter>
					<AlertDialogCancel disabled={chat.clearing}>{t('tutor.cancel')}</AlertDialogCancel>
					<Button
						variant="destructive"
						disabled={chat.clearing}
						onClick={async () => {
							if (await chat.clear()) onOpenChange(false)
						}}
					>
						{t('tutor.confirmNew')}
					</Button>
				</AlertDialogFooter>
			</AlertDialogContent>
		</AlertDialog>
	)
}
