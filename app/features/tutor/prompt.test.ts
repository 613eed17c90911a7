import { describe, expect, it } from 'vitest'
import { parseSuggestions, systemPrompt, trimHistory } from './prompt.ts'

describe('trimHistory', () => {
	const turn = (role: 'user' | 'assistant', n: number) => ({ role, content: 'x'.repeat(n) })

	it('keeps the latest turns within the message and character limits', () => {
		const turns = [turn('user', 10), turn('assistant', 10), turn('user', 10), turn('assistant', 10), turn('user', 10)]
		expect(trimHistory(turns, { messages: 3, chars: 1000 })).toEqual(turns.slice(2))
		expect(trimHistory(turns, { messages: 10, chars: 25 })).toEqual(turns.slice(4))
	})

	it('never starts with an assistant turn, and may be empty', () => {
		expect(trimHistory([turn('user', 5), turn('assistant', 5)], { messages: 1, chars: 100 })).toEqual([])
		expect(trimHistory([turn('user', 50)], { messages: 5, chars: 10 })).toEqual([])
	})
})

describe('parseSuggestions', () => {
	it('reads a JSON array, even wrapped in prose or a code fence', () => {
		expect(parseSuggestions('Sure!\n```json\n["What is gas?", "Why hash?", "How do blocks link?"]\n```')).toEqual([
			'What is gas?',
			'Why hash?',
			'How do blocks link?',
		])
	})

	it('falls back to lines without bullets or numbers', () => {
		expect(parseSuggestions('1. What is gas?\n- "Why hash?"\n\n• How do blocks link?')).toEqual(['What is gas?', 'Why hash?', 'How do blocks link?'])
	})
})

describe('systemPrompt', () => {
	it('carries the context and the language', () => {
		const prompt = systemPrompt('Learnchain', 'Course: C\nLesson: L', 'pt-BR')
		expect(prompt).toContain('Course: C\nLesson: L')
		expect(prompt).toContain('Answer in Brazilian Portuguese.')
	})
})
