import { describe, expect, it } from 'vitest'
import { youtubeId } from './youtube.ts'

describe('youtubeId', () => {
	it.each([
		['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
		['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=10', 'dQw4w9WgXcQ'],
		['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
		['https://youtu.be/dQw4w9WgXcQ?t=42', 'dQw4w9WgXcQ'],
		['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
		['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
		['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
		['  https://youtu.be/dQw4w9WgXcQ  ', 'dQw4w9WgXcQ'],
	])('reads %s', (url, id) => {
		expect(youtubeId(url)).toBe(id)
	})
	it.each([
		'',
		null,
		'not a url',
		'https://vimeo.com/123456789',
		'https://www.youtube.com/watch?v=short',
		'https://www.youtube.com/watch?v=dQw4w9WgXcQextra',
		'https://evil.example/watch?v=dQw4w9WgXcQ',
		'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
		'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
	])('refuses %s', (url) => {
		expect(youtubeId(url)).toBeNull()
	})
})
