import { useEffect, useRef } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'

/** Server-rendered, sanitized lesson HTML; adds a copy button to each code block. */
export function TextLesson({ html }: { html: string }) {
	const { t } = useTranslation()
	const ref = useRef<HTMLDivElement>(null)
	useEffect(() => {
		const root = ref.current
		if (!root) return
		const buttons: HTMLButtonElement[] = []
		for (const pre of root.querySelectorAll('pre')) {
			const button = document.createElement('button')
			button.type = 'button'
			button.textContent = t('learn.copy')
			button.className = 'copy-code'
			button.addEventListener('click', async () => {
				await navigator.clipboard?.writeText(pre.querySelector('code')?.textContent ?? pre.textContent ?? '')
				button.textContent = t('learn.copied')
				setTimeout(() => (button.textContent = t('learn.copy')), 1500)
			})
			pre.classList.add('relative')
			pre.appendChild(button)
			buttons.push(button)
		}
		return () => buttons.forEach((b) => b.remove())
	}, [html, t])
	return <div ref={ref} className="lesson-prose" dangerouslySetInnerHTML={{ __html: html }} />
}
