import { afterEach, vi } from 'vitest'

// console.error means something broke; make it fail the test that caused it.
const errors: unknown[][] = []
const original = console.error
console.error = (...args: unknown[]) => {
	errors.push(args)
	original(...args)
}

afterEach(() => {
	if (errors.length) {
		const first = errors.map((a) => a.map(String).join(' ')).join('\n')
		errors.length = 0
		throw new Error(`console.error was called:\n${first}`)
	}
	vi.restoreAllMocks()
})
