import { RotateCcw, TriangleAlert } from 'lucide-react'
import { useRevalidator } from 'react-router'
import { Button } from '~/components/ui/button'
import { useTranslation } from '~/features/i18n/react.tsx'

/**
 * One section's failure, in its place: the message (an i18n key from the spec's list) and a retry that
 * reloads the page's data, while the rest of the page and the app frame stay.
 */
export function SectionError({ message, testId }: { message: string; testId?: string }) {
	const { t } = useTranslation()
	const revalidator = useRevalidator()
	return (
		<div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed p-4 text-sm" data-testid={testId ?? 'section-error'}>
			<TriangleAlert className="size-4 shrink-0 text-amber-600" aria-hidden />
			<span className="min-w-0 flex-1">{t(message)}</span>
			<Button type="button" variant="outline" size="sm" disabled={revalidator.state !== 'idle'} onClick={() => void revalidator.revalidate()}>
				<RotateCcw aria-hidden />
				{t('learn.sections.retry')}
			</Button>
		</div>
	)
}
