import { useMemo } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { programValues } from '~/lib/program.ts'

/** The program's figures formatted for the current language (landing copy interpolates them). */
export function useProgramValues() {
	const { i18n } = useTranslation()
	const lang = i18n.language
	return useMemo(() => programValues(lang), [lang])
}
