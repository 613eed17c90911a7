import { describe, expect, it } from 'vitest'
import { singleLine, stripControls } from './text.ts'

describe('text cleaning', () => {
	it('drops NUL and other control characters, keeping tabs and line breaks in multi-line text', () => {
		expect(stripControls('a\u0000b\u0007c\td\r\ne\u007f')).toBe('abc\td\r\ne')
	})
	it('turns one line of text with controls and whitespace runs into single spaces', () => {
		expect(singleLine('  a\u0000\u0000b \n\t c\u001f ')).toBe('a b c')
	})
	it('leaves other Unicode alone', () => {
		expect(stripControls('açaí 👩‍💻 \u202e')).toBe('açaí 👩‍💻 \u202e')
	})
})
