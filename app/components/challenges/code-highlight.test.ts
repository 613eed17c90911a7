import { defaultHighlightStyle } from '@codemirror/language'
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { themedHighlightStyle } from './code-highlight.ts'

describe('themed code highlighting', () => {
	it('replaces every fixed colour of the default style with a token that app.css defines in both themes', () => {
		const css = fs.readFileSync(new URL('../../app.css', import.meta.url), 'utf8')
		expect(themedHighlightStyle.specs).toHaveLength(defaultHighlightStyle.specs.length)
		for (const spec of themedHighlightStyle.specs) {
			if (spec.color === undefined) continue
			const token = String(spec.color).match(/^var\((--code-[a-z]+)\)$/)?.[1]
			expect(token, `fixed colour ${String(spec.color)}`).toBeDefined()
			expect(css.split(`${token}:`).length - 1, `${token} in light and dark`).toBe(2)
		}
	})
})
