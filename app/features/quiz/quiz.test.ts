import { describe, expect, it } from 'vitest'
import { grade, parseQuiz, publicQuestions } from './quiz.ts'

const questions = [
	{ question: 'What is 2+2?', options: ['3', '4'], correctAnswer: '4' },
	{ question: 'Gas is paid in?', options: ['ETH', 'BTC', 'USD'], correctAnswer: 'ETH' },
]

describe('parseQuiz', () => {
	it('accepts an array or a string of JSON', () => {
		expect(parseQuiz(questions)).toEqual({ ok: true, questions })
		expect(parseQuiz(JSON.stringify(questions))).toEqual({ ok: true, questions })
	})
	it('names the question that is wrong', () => {
		expect(parseQuiz('{')).toEqual({ ok: false, problem: 'notJson' })
		expect(parseQuiz('{"a":1}')).toEqual({ ok: false, problem: 'notArray' })
		expect(parseQuiz([questions[0], { question: 'x', options: ['a'], correctAnswer: 'a' }])).toEqual({ ok: false, problem: 'shape', index: 1 })
		expect(parseQuiz([{ question: 'x', options: ['a', 'a'], correctAnswer: 'a' }])).toEqual({ ok: false, problem: 'duplicateOptions', index: 0 })
		expect(parseQuiz([{ question: 'x', options: ['a', 'b'], correctAnswer: 'c' }])).toEqual({ ok: false, problem: 'answerNotAnOption', index: 0 })
	})
})

describe('grading', () => {
	it('counts correct answers out of the total', () => {
		expect(grade(questions, { '0': '4', '1': 'ETH' })).toEqual({ correct: 2, total: 2 })
		expect(grade(questions, { '0': '3', '1': 'ETH' })).toEqual({ correct: 1, total: 2 })
		expect(grade(questions, {})).toEqual({ correct: 0, total: 2 })
	})
	it('never sends the correct answers to the browser', () => {
		const pub = publicQuestions(questions)
		expect(JSON.stringify(pub)).not.toContain('correctAnswer')
		expect(pub[0]).toEqual({ question: 'What is 2+2?', options: ['3', '4'] })
	})
})
