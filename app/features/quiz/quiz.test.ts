import { describe, expect, it } from 'vitest'
import { DEFAULT_PASS_PERCENT, grade, parseQuiz, passes, publicQuestions, storedQuiz } from './quiz.ts'

const questions = [
	{ question: 'What is 2+2?', options: ['3', '4'], correctAnswer: '4' },
	{ question: 'Gas is paid in?', options: ['ETH', 'BTC', 'USD'], correctAnswer: 'ETH' },
]

describe('parseQuiz', () => {
	it('accepts an array or a string of JSON', () => {
		expect(parseQuiz(questions)).toEqual({ ok: true, questions, passPercent: 70 })
		expect(parseQuiz(JSON.stringify(questions))).toEqual({ ok: true, questions, passPercent: 70 })
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

describe('the pass mark', () => {
	it("defaults to 70% and reads an author's own mark from the stored quiz", () => {
		expect(DEFAULT_PASS_PERCENT).toBe(70)
		expect(parseQuiz({ passPercent: 90, questions })).toEqual({ ok: true, questions, passPercent: 90 })
		expect(parseQuiz(JSON.stringify({ questions }))).toEqual({ ok: true, questions, passPercent: 70 })
		expect(parseQuiz({ passPercent: 0, questions })).toEqual({ ok: false, problem: 'passPercent' })
		expect(parseQuiz({ passPercent: 101, questions })).toEqual({ ok: false, problem: 'passPercent' })
		expect(parseQuiz({ passPercent: 'lots', questions })).toEqual({ ok: false, problem: 'passPercent' })
	})
	it('stores the bare array at the default mark and the mark beside the questions otherwise', () => {
		expect(JSON.parse(storedQuiz(questions))).toEqual(questions)
		expect(JSON.parse(storedQuiz(questions, 70))).toEqual(questions)
		expect(JSON.parse(storedQuiz(questions, 85))).toEqual({ passPercent: 85, questions })
		expect(parseQuiz(storedQuiz(questions, 85))).toEqual({ ok: true, questions, passPercent: 85 })
	})
	it('passes at or above the mark, exactly (7 of 10 passes 70%, 2 of 3 does not)', () => {
		expect(passes({ correct: 7, total: 10 })).toBe(true)
		expect(passes({ correct: 6, total: 10 })).toBe(false)
		expect(passes({ correct: 2, total: 3 })).toBe(false)
		expect(passes({ correct: 3, total: 3 })).toBe(true)
		expect(passes({ correct: 5, total: 6 }, 80)).toBe(true)
		expect(passes({ correct: 4, total: 6 }, 80)).toBe(false)
		expect(passes({ correct: 1, total: 2 }, 50)).toBe(true)
	})
	it('never passes an empty quiz or one with questions left unanswered', () => {
		expect(passes({ correct: 0, total: 0 })).toBe(false)
		expect(passes({ correct: 0, total: 6 })).toBe(false)
		expect(passes({ correct: 5, total: 6 }, 70, 5)).toBe(false)
		expect(passes({ correct: 6, total: 6 }, 70, 6)).toBe(true)
	})
})
