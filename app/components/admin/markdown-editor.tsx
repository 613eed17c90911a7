import { useEffect, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Textarea } from '~/components/ui/textarea'
import { describedBy, Field } from './fields'

const PREVIEW_URL = '/dashboard/admin/markdown-preview'

/**
 * Markdown with a live preview rendered by the server's own lesson renderer (sanitized, highlighted),
 * so what the admin sees is exactly what learners get and no Markdown library ships to the browser.
 */
export function MarkdownEditor({
	id,
	label,
	value,
	onChange,
	error,
	disabled,
}: {
	id: string
	label: string
	value: string
	onChange: (value: string) => void
	error?: string
	disabled?: boolean
}) {
	const { t } = useTranslation()
	const [html, setHtml] = useState('')
	const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle')

	useEffect(() => {
		if (!value.trim()) {
			setHtml('')
			setState('idle')
			return
		}
		const controller = new AbortController()
		// Debounced: render once typing pauses, and drop answers to stale text.
		const timer = setTimeout(async () => {
			setState('loading')
			try {
				const res = await fetch(PREVIEW_URL, { method: 'POST', body: new URLSearchParams({ markdown: value }), signal: controller.signal })
				if (!res.ok) throw new Error(String(res.status))
				const body = (await res.json()) as { html: string }
				setHtml(body.html)
				setState('idle')
			} catch {
				if (!controller.signal.aborted) setState('failed')
			}
		}, 350)
		return () => {
			clearTimeout(timer)
			controller.abort()
		}
	}, [value])

	return (
		<div className="grid gap-3 lg:grid-cols-2">
			<Field id={id} label={label} error={error}>
				<Textarea
					id={id}
					value={value}
					onChange={(e) => onChange(e.target.value)}
					disabled={disabled}
					rows={16}
					spellCheck
					className="max-h-[28rem] min-h-64 resize-y font-mono text-sm [field-sizing:fixed]"
					aria-invalid={error ? true : undefined}
					aria-describedby={describedBy(id, error)}
				/>
			</Field>
			<section aria-label={t('admin.markdown.preview')} className="grid content-start gap-1.5">
				<p className="flex items-center justify-between text-sm font-medium">
					{t('admin.markdown.preview')}
					<span className="text-muted-foreground text-xs font-normal" role="status">
						{state === 'loading' ? t('admin.markdown.rendering') : state === 'failed' ? t('admin.markdown.failed') : ''}
					</span>
				</p>
				<div className="bg-muted/30 max-h-[28rem] min-h-64 overflow-auto rounded-md border p-4" data-testid="markdown-preview">
					{html ? (
						<div className="lesson-prose" dangerouslySetInnerHTML={{ __html: html }} />
					) : (
						<p className="text-muted-foreground text-sm">{t('admin.markdown.empty')}</p>
					)}
				</div>
			</section>
		</div>
	)
}
