import { X } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Label } from '~/components/ui/label'
import { addTag, limitsOf } from '~/features/profile/schemas.ts'
import { cn } from '~/lib/utils'

/** A list of short texts: Enter adds the trimmed text (once), Backspace on an empty input removes the last. */
export function TagInput({
	label,
	value,
	onChange,
	placeholder,
	error,
	name,
}: {
	label: string
	value: string[]
	onChange: (next: string[]) => void
	placeholder?: string
	error?: string
	name: string
}) {
	const { t } = useTranslation()
	const [draft, setDraft] = useState('')
	const id = useId()
	const hintId = `${id}-hint`
	const errorId = `${id}-error`
	return (
		<div className="grid content-start gap-1.5">
			<Label htmlFor={id}>{label}</Label>
			<div
				className={cn(
					'border-input focus-within:border-ring focus-within:ring-ring/50 flex min-h-9 flex-wrap items-center gap-1.5 rounded-md border px-2 py-1.5 shadow-xs focus-within:ring-[3px] dark:bg-input/30',
					error && 'border-destructive',
				)}
			>
				<ul className="contents" aria-label={label}>
					{value.map((tag) => (
						<li
							key={tag}
							className="bg-secondary text-secondary-foreground inline-flex max-w-full items-center gap-1 rounded-md py-0.5 pr-1 pl-2 text-sm"
							data-testid={`tag-${name}`}
						>
							<span className="truncate">{tag}</span>
							<button
								type="button"
								className="hover:bg-background/60 focus-visible:ring-ring rounded-sm p-0.5 outline-none focus-visible:ring-2"
								aria-label={t('profile.tags.remove', { tag })}
								onClick={() => onChange(value.filter((v) => v !== tag))}
							>
								<X className="size-3" aria-hidden />
							</button>
						</li>
					))}
				</ul>
				<input
					id={id}
					name={name}
					value={draft}
					maxLength={limitsOf.tag}
					placeholder={value.length ? undefined : placeholder}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? `${hintId} ${errorId}` : hintId}
					className="placeholder:text-muted-foreground min-w-32 flex-1 bg-transparent px-1 text-base outline-none md:text-sm"
					onChange={(e) => setDraft(e.target.value)}
					onKeyDown={(e) => {
						if (e.key === 'Enter') {
							// Enter adds a tag; it must not submit the surrounding form.
							e.preventDefault()
							if (e.nativeEvent.isComposing) return
							const next = addTag(value, draft)
							if (next.length !== value.length) onChange(next)
							setDraft('')
						} else if (e.key === 'Backspace' && draft === '' && value.length > 0) {
							e.preventDefault()
							onChange(value.slice(0, -1))
						}
					}}
				/>
			</div>
			<p id={hintId} className="text-muted-foreground text-xs">
				{t('profile.tags.hint')}
			</p>
			{error ? (
				<p id={errorId} className="text-destructive text-sm" role="alert">
					{t(error)}
				</p>
			) : null}
		</div>
	)
}
