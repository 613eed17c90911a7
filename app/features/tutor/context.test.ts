import { describe, expect, it } from 'vitest'
import { buildLessonContext, clip, lessonText, MAX_CONTEXT_CHARS } from './context.ts'

describe('buildLessonContext', () => {
	it('puts the course title, lesson title and type before the content', () => {
		expect(buildLessonContext({ courseTitle: 'Solidity', title: 'Events', lessonType: 'text', content: '## Logs\nEmit them.' })).toBe(
			'Course: Solidity\nLesson: Events\nType: text\n\n## Logs\nEmit them.',
		)
	})

	it('is at most 8000 characters', () => {
		const context = buildLessonContext({ courseTitle: 'C', title: 'L', lessonType: 'text', content: 'word '.repeat(5000) })
		expect(context.length).toBe(MAX_CONTEXT_CHARS)
		expect(context.startsWith('Course: C\nLesson: L\nType: text\n\nword')).toBe(true)
	})

	it('never contains which quiz option is correct', () => {
		const quiz = JSON.stringify([
			{ question: 'Which hash does Ethereum use?', options: ['SHA-256', 'Keccak-256'], correctAnswer: 'Keccak-256' },
			{ question: 'Is gas refunded?', options: ['Always', 'Partly'], correctAnswer: 'Partly' },
		])
		const context = buildLessonContext({ courseTitle: 'C', title: 'Quiz', lessonType: 'quiz', content: quiz })
		expect(context).toContain('### Question 1: Which hash does Ethereum use?\n- SHA-256\n- Keccak-256')
		expect(context).not.toMatch(/correct|answer/i)
		// Broken quiz content is dropped rather than passed on raw.
		expect(lessonText({ lessonType: 'quiz', content: '{"correctAnswer": "x"' })).toBe('')
	})

	it('describes videos by their link', () => {
		expect(lessonText({ lessonType: 'video', content: 'https://youtu.be/abc' })).toBe('Video: https://youtu.be/abc')
	})

	it('clips without splitting a surrogate pair', () => {
		expect(clip('ab😀', 3)).toBe('ab')
	})
})
