import { describe, expect, it } from 'vitest'
import { renderMarkdown } from './markdown.server.ts'

describe('renderMarkdown', () => {
	it('renders GitHub-flavoured tables and lists', () => {
		const html = renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- item')
		expect(html).toContain('<table>')
		expect(html).toContain('<td>1</td>')
		expect(html).toContain('<li>')
	})
	it('highlights Solidity and TypeScript', () => {
		const sol = renderMarkdown('```solidity\ncontract A { uint256 x; }\n```')
		expect(sol).toContain('hljs')
		expect(sol).toMatch(/<span class="hljs-keyword">contract<\/span>/)
		expect(renderMarkdown('```ts\nconst x: number = 1\n```')).toContain('hljs-keyword')
	})
	it.each([
		'<script>alert(1)</script>',
		'<img src=x onerror=alert(1)>',
		'[click](javascript:alert(1))',
		'<a href="javascript:alert(1)">x</a>',
		'<iframe src="https://evil.example"></iframe>',
		'<div onclick="alert(1)">x</div>',
	])('neutralises %s', (payload) => {
		const html = renderMarkdown(payload)
		expect(html).not.toMatch(/<script|onerror=|onclick=|javascript:|<iframe/i)
	})
})
