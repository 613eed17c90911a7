import { describe, expect, it } from 'vitest'
import { createSseReader, sseEvent } from './sse.ts'

describe('createSseReader', () => {
	it('returns the data of each complete event, across arbitrary chunk cuts', () => {
		const stream = sseEvent({ a: 1 }) + ': keep-alive\n\n' + 'event: x\ndata: two\ndata: lines\n\n' + 'data: [DONE]\n\n'
		for (let cut = 1; cut < stream.length; cut++) {
			const reader = createSseReader()
			const got = [...reader.push(stream.slice(0, cut)), ...reader.push(stream.slice(cut)), ...reader.end()]
			expect(got, `cut at ${cut}`).toEqual(['{"a":1}', 'two\nlines', '[DONE]'])
		}
	})

	it('accepts \\r\\n and \\r line endings, and "data:" without a space', () => {
		const reader = createSseReader()
		expect(reader.push('data:one\r\n\r\ndata: two\r')).toEqual(['one'])
		expect(reader.push('\rdata: three')).toEqual(['two'])
		expect(reader.end()).toEqual(['three'])
	})

	it('flushes a last event that has no blank line after it', () => {
		const reader = createSseReader()
		expect(reader.push('data: tail')).toEqual([])
		expect(reader.end()).toEqual(['tail'])
	})
})
