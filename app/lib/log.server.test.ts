import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { censored, createLogger, scrubText } from './log.server.ts'
import { requestContext, requestIdFrom } from './request-context.server.ts'

function capture() {
	const lines: Record<string, unknown>[] = []
	const stream = new Writable({
		write(chunk: Buffer, _enc, done) {
			for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
			done()
		},
	})
	return { logger: createLogger(stream), lines }
}

describe('log', () => {
	it('writes JSON lines with level, time and message, and the request id inside a request', async () => {
		const { logger, lines } = capture()
		logger.info('outside')
		await requestContext.run({ id: 'req-12345678' }, async () => {
			await Promise.resolve()
			logger.warn({ lessonId: 'l1' }, 'inside')
		})
		expect(lines[0]).toMatchObject({ level: 'info', msg: 'outside' })
		expect(lines[0]).not.toHaveProperty('reqId')
		expect(lines[1]).toMatchObject({ level: 'warn', msg: 'inside', reqId: 'req-12345678', lessonId: 'l1' })
		expect(typeof lines[1]!.time).toBe('string')
	})

	it('censors passwords, tokens, cookies, authorization headers and quiz answers wherever a caller puts them', () => {
		const { logger, lines } = capture()
		const secrets = ['hunter2-password', 'tok-abc', 'session=xyz', 'Bearer sk-live', 'The transaction reverts with a panic', 'api-key-1']
		logger.info(
			{
				password: secrets[0],
				token: secrets[1],
				cookie: secrets[2],
				headers: { authorization: secrets[3], cookie: secrets[2], 'set-cookie': secrets[2] },
				answer: secrets[4],
				body: { newPassword: secrets[0], answers: { 0: secrets[4] }, apiKey: secrets[5] },
				request: { headers: { authorization: secrets[3] } },
				lessonId: 'kept',
			},
			'login attempt',
		)
		const out = JSON.stringify(lines)
		for (const s of secrets) expect(out).not.toContain(s)
		expect(lines[0]).toMatchObject({ password: '[redacted]', lessonId: 'kept', body: { newPassword: '[redacted]' } })
	})

	it('censors without touching the objects passed in, and leaves a line without secrets as it is', () => {
		const request = { headers: { authorization: 'Bearer sk-live', 'x-api-key': 'k-1', accept: 'text/html' }, path: '/x' }
		const line = { request, user: { name: 'Ada', token: 't-1' }, deep: { inner: { password: 'p' } }, status: 200 }
		const out = censored(line)
		expect(out).toEqual({
			request: { headers: { authorization: '[redacted]', 'x-api-key': '[redacted]', accept: 'text/html' }, path: '/x' },
			user: { name: 'Ada', token: '[redacted]' },
			// Two levels down only inside headers, as before (pino's paths were top level, one level down and headers).
			deep: { inner: { password: 'p' } },
			status: 200,
		})
		expect(request.headers.authorization).toBe('Bearer sk-live')
		expect(line.user.token).toBe('t-1')
		expect(out.deep).toBe(line.deep)
		// x-api-key is a header name, not a field name.
		expect(censored({ 'x-api-key': 'k' })).toEqual({ 'x-api-key': 'k' })
		const plain = { reqId: 'r', method: 'GET', path: '/dashboard', status: 200, ms: 1.2 }
		expect(censored(plain)).toBe(plain)
	})

	it('still serialises an error whose fields are censored', () => {
		const { logger, lines } = capture()
		const err = Object.assign(new Error('upstream refused'), { token: 'tok-in-error', status: 502 })
		logger.error({ err, context: { cookie: 'session=xyz' } }, 'request failed')
		expect(lines[0]).toMatchObject({ err: { message: 'upstream refused', token: '[redacted]', status: 502, type: 'Error' }, context: { cookie: '[redacted]' } })
		expect(JSON.stringify(lines[0])).not.toContain('tok-in-error')
		expect(err.token).toBe('tok-in-error')
	})

	it('scrubs secrets carried in URLs and messages', () => {
		expect(scrubText('/api/auth/reset-password/abc123?callbackURL=%2Fupdate-password')).toBe(
			'/api/auth/reset-password/[redacted]?callbackURL=%2Fupdate-password',
		)
		expect(scrubText('/update-password?token=abc123&x=1')).toBe('/update-password?token=[redacted]&x=1')
		expect(scrubText('/api/auth/verify-email?token=eyJ.x.y&callbackURL=/dashboard')).toBe('/api/auth/verify-email?token=[redacted]&callbackURL=/dashboard')
		expect(scrubText('/api/auth/callback/github?code=c0de&state=s7')).toBe('/api/auth/callback/github?code=[redacted]&state=[redacted]')
		expect(scrubText('upstream said: Authorization: Bearer sk-123.abc')).toBe('upstream said: Authorization: Bearer [redacted]')
		expect(scrubText('/dashboard/learn/course/1?lesson=2')).toBe('/dashboard/learn/course/1?lesson=2')
	})

	it('keeps a sane incoming request id and replaces anything else', () => {
		expect(requestIdFrom('trace-0123456789')).toBe('trace-0123456789')
		expect(requestIdFrom(['abcdef12-3456', 'other'])).toBe('abcdef12-3456')
		for (const bad of [undefined, '', 'short', '<script>alert(1)</script>', 'a'.repeat(200), 'line\nbreak-12345']) {
			expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/)
		}
	})
})
