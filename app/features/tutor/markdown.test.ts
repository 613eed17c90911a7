import { describe, expect, it } from 'vitest'
import { renderChatMarkdown, renderInline } from './markdown.ts'

describe('renderChatMarkdown', () => {
	it('escapes every HTML tag and attribute trick', () => {
		const html = renderChatMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)"> & "quotes" \'single\'')
		expect(html).toBe(
			'<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;quotes&quot; &#39;single&#39;</p>',
		)
		expect(renderChatMarkdown('```\n</code></pre><script>x</script>\n```')).toBe(
			'<pre><code>&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;x&lt;/script&gt;</code></pre>',
		)
		expect(renderInline('`<b>`')).toBe('<code>&lt;b&gt;</code>')
	})

	it('links only to http(s), and markup never lands inside an href', () => {
		expect(renderInline('[docs](https://example.com/a_b_c/*x*) and [bad](javascript:alert(1))')).toBe(
			'<a href="https://example.com/a_b_c/*x*" target="_blank" rel="noopener noreferrer nofollow">docs</a> and [bad](javascript:alert(1))',
		)
		expect(renderInline('[x](https://e.com/"onmouseover="alert(1))')).not.toContain('"onmouseover')
	})

	it('renders paragraphs, line breaks, bold, italic and inline code', () => {
		expect(renderChatMarkdown('A **bold** and *italic* `code()` word.\nNext line.\n\nSecond paragraph.')).toBe(
			'<p>A <strong>bold</strong> and <em>italic</em> <code>code()</code> word.<br>Next line.</p><p>Second paragraph.</p>',
		)
		expect(renderInline('2 * 3 * 4 and snake_case_name')).toBe('2 * 3 * 4 and snake_case_name')
		expect(renderInline('`**not bold**`')).toBe('<code>**not bold**</code>')
	})

	it('renders bullet and numbered lists, with indented continuation lines', () => {
		expect(renderChatMarkdown('Steps:\n1. **Checks**\n2. Effects\n   then more\n3. Interactions\n\n- a\n* b')).toBe(
			'<p>Steps:</p><ol><li><strong>Checks</strong></li><li>Effects then more</li><li>Interactions</li></ol><ul><li>a</li><li>b</li></ul>',
		)
	})

	it('renders fenced code (also unfinished, while a reply streams), headings, quotes, rules and tables', () => {
		expect(renderChatMarkdown('```solidity\nuint a = 1;\n```')).toBe('<pre><code>uint a = 1;</code></pre>')
		expect(renderChatMarkdown('```js\nlet x')).toBe('<pre><code>let x</code></pre>')
		expect(renderChatMarkdown('## What is C#?\n> quoted *text*\n\n---')).toBe(
			'<p><strong>What is C#?</strong></p><blockquote><p>quoted <em>text</em></p></blockquote><hr>',
		)
		expect(renderChatMarkdown('| A | B |\n|---|:-:|\n| `x` | <y> |')).toBe(
			'<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td><code>x</code></td><td>&lt;y&gt;</td></tr></tbody></table>',
		)
	})

	it('returns nothing for blank input', () => {
		expect(renderChatMarkdown('  \n\n ')).toBe('')
	})
})
