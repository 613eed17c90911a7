import { describe, expect, it } from 'vitest'
import { localize, localizeList, localizeOptional } from './localize.ts'

describe('content localisation', () => {
	it('gives English readers the English text, unmarked, even when Portuguese exists', () => {
		expect(localize('en-US', 'Blocks', 'Blocos')).toEqual({ text: 'Blocks', en: false })
	})

	it('gives Portuguese readers the Portuguese twin', () => {
		expect(localize('pt-BR', 'Blocks', 'Blocos')).toEqual({ text: 'Blocos', en: false })
	})

	it('falls back to English, marked, when the twin is missing or blank', () => {
		expect(localize('pt-BR', 'Blocks', null)).toEqual({ text: 'Blocks', en: true })
		expect(localize('pt-BR', 'Blocks', undefined)).toEqual({ text: 'Blocks', en: true })
		expect(localize('pt-BR', 'Blocks', '   ')).toEqual({ text: 'Blocks', en: true })
	})

	it('keeps optional texts absent when neither language has them', () => {
		expect(localizeOptional('pt-BR', null, null)).toBeNull()
		expect(localizeOptional('pt-BR', 'About', null)).toEqual({ text: 'About', en: true })
		expect(localizeOptional('pt-BR', null, 'Sobre')).toEqual({ text: 'Sobre', en: false })
	})

	it('uses a Portuguese list only when it is complete, so options never mix languages', () => {
		expect(localizeList('pt-BR', ['Yes', 'No'], ['Sim', 'Não'])).toEqual({ items: ['Sim', 'Não'], en: false })
		expect(localizeList('pt-BR', ['Yes', 'No'], ['Sim'])).toEqual({ items: ['Yes', 'No'], en: true })
		expect(localizeList('pt-BR', ['Yes', 'No'], ['Sim', ''])).toEqual({ items: ['Yes', 'No'], en: true })
		expect(localizeList('en-US', ['Yes', 'No'], ['Sim', 'Não'])).toEqual({ items: ['Yes', 'No'], en: false })
		expect(localizeList('pt-BR', [], undefined)).toEqual({ items: [], en: false })
	})
})
