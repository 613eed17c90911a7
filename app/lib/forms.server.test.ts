import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { BODY_LIMITS, BodyTooLargeError, failure, fieldErrors, parseBody, readBytes, readFields, refused, validate } from './forms.server.ts'

/** The values read, failing the test when the body could not be read at all. */
async function readBody(request: Request, kind?: 'form' | 'json') {
	const read = await readFields(request, { kind })
	if (!read.ok) throw new Error(`unreadable: ${read.error}`)
	return read.values
}

const post = (body: BodyInit, type?: string, headers: Record<string, string> = {}) =>
	new Request('http://x/', { method: 'POST', body, headers: { ...(type ? { 'content-type': type } : {}), ...headers }, duplex: 'half' } as RequestInit)

/** A body of `n` bytes in chunks, with no Content-Length (as a chunked upload arrives). */
function chunked(n: number, chunk = 1024) {
	let left = n
	let pulls = 0
	const stream = new ReadableStream<Uint8Array>({
		pull(controller) {
			pulls++
			if (left <= 0) return controller.close()
			const size = Math.min(chunk, left)
			left -= size
			controller.enqueue(new Uint8Array(size).fill(97))
		},
	})
	return { stream, pulls: () => pulls }
}

describe('readFields', () => {
	it('reads urlencoded, multipart and JSON bodies into one object', async () => {
		expect(await readBody(post('a=1&b=two', 'application/x-www-form-urlencoded'))).toEqual({ a: '1', b: 'two' })
		const form = new FormData()
		form.set('name', 'Ada')
		expect(await readBody(new Request('http://x/', { method: 'POST', body: form }))).toEqual({ name: 'Ada' })
		expect(await readBody(post('{"x":1}', 'application/json'), 'json')).toEqual({ x: 1 })
	})

	it("reads a browser's multipart form, whose boundary mixes upper and lower case", async () => {
		const boundary = '----WebKitFormBoundaryAbCdEf123'
		const body = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--${boundary}--\r\n`
		expect(await readBody(post(body, `multipart/form-data; boundary=${boundary}`))).toEqual({ name: 'Ada' })
	})

	it('reads anything that is not a form or a JSON object as empty', async () => {
		expect(await readBody(post('[1,2]', 'application/json'), 'json')).toEqual({})
		expect(await readBody(post('{nope', 'application/json'), 'json')).toEqual({})
		expect(await readBody(post('a=1', 'text/plain'))).toEqual({})
		expect(await readBody(post('a=1'))).toEqual({})
		expect(await readBody(post('--x\r\nbroken', 'multipart/form-data; boundary=x'))).toEqual({})
	})

	it('keeps the first value of a repeated field', async () => {
		expect(await readBody(post('a=1&a=2', 'application/x-www-form-urlencoded'))).toEqual({ a: '1' })
	})

	it('answers 413 with the named message past a tighter cap, and never throws', async () => {
		const r = await readFields(post(chunked(5000).stream, 'application/x-www-form-urlencoded'), { limit: 4096, tooLarge: 'x.tooLarge' })
		expect(r).toEqual({ ok: false, status: 413, error: 'x.tooLarge' })
	})

	it('reads a form as empty when only JSON is accepted', async () => {
		expect(await readFields(post('a=1', 'application/x-www-form-urlencoded'), { kind: 'json', jsonOnly: true })).toEqual({ ok: true, values: {} })
		expect(await readFields(post('{"a":1}', 'application/json; charset=utf-8'), { kind: 'json', jsonOnly: true })).toEqual({ ok: true, values: { a: 1 } })
	})

	it('answers 400 with the fallback when the body breaks off', async () => {
		const broken = new ReadableStream<Uint8Array>({
			pull(controller) {
				controller.error(new Error('client went away'))
			},
		})
		expect(await readFields(post(broken, 'application/x-www-form-urlencoded'), { fallback: 'x.failed' })).toEqual({ ok: false, status: 400, error: 'x.failed' })
	})
})

describe('readBytes', () => {
	it('refuses a declared length over the cap without reading', async () => {
		const body = chunked(10)
		const req = post(body.stream, 'application/x-www-form-urlencoded', { 'content-length': String(BODY_LIMITS.form + 1) })
		await expect(readBytes(req, BODY_LIMITS.form)).rejects.toBeInstanceOf(BodyTooLargeError)
		expect(body.pulls()).toBeLessThanOrEqual(1)
	})

	it('stops reading a chunked body as soon as it passes the cap', async () => {
		const body = chunked(10 * 1024 * 1024)
		await expect(readBytes(post(body.stream, 'application/x-www-form-urlencoded'), 4096)).rejects.toBeInstanceOf(BodyTooLargeError)
		// 4 KB in 1 KB chunks: a handful of pulls, not ten thousand.
		expect(body.pulls()).toBeLessThan(10)
	})
})

describe('parseBody', () => {
	const schema = z.object({ email: z.string().email('auth.errors.emailInvalid'), age: z.coerce.number().int('bad.age') })

	it('returns the parsed data', async () => {
		expect(await parseBody(post('email=a@b.co&age=3', 'application/x-www-form-urlencoded'), schema)).toEqual({
			ok: true,
			data: { email: 'a@b.co', age: 3 },
			values: { email: 'a@b.co', age: '3' },
		})
	})

	it('answers 400 with the first message per field', async () => {
		const r = await parseBody(post('email=nope&age=1.5', 'application/x-www-form-urlencoded'), schema)
		expect(r).toEqual({
			ok: false,
			status: 400,
			error: 'auth.errors.emailInvalid',
			fields: { email: 'auth.errors.emailInvalid', age: 'bad.age' },
			values: { email: 'nope', age: '1.5' },
		})
	})

	it('answers 413 past the cap', async () => {
		const r = await parseBody(post(chunked(BODY_LIMITS.json + 10).stream, 'application/json'), schema, { kind: 'json' })
		expect(r).toMatchObject({ ok: false, status: 413, error: 'errors.bodyTooLarge' })
	})

	it('uses the fallback message as the form-level error', async () => {
		const r = await parseBody(post('', 'application/x-www-form-urlencoded'), schema, { fallback: 'x.failed' })
		expect(r).toMatchObject({ ok: false, status: 400, error: 'x.failed' })
	})
})

describe('validate', () => {
	it('validates values already read, with the same failure as parseBody', () => {
		expect(validate({ email: 'a@b.co', age: '2' }, z.object({ email: z.email(), age: z.coerce.number() }))).toEqual({
			ok: true,
			data: { email: 'a@b.co', age: 2 },
		})
		expect(validate({}, z.object({ email: z.string('x.required') }), 'x.failed')).toEqual({
			ok: false,
			status: 400,
			error: 'x.failed',
			fields: { email: 'x.required' },
		})
	})
})

describe('fieldErrors', () => {
	it("names the whole form 'form'", () => {
		const r = z
			.object({ a: z.string() })
			.refine(() => false, 'whole')
			.safeParse({ a: 'x' })
		expect(fieldErrors(r.error!)).toEqual({ form: 'whole' })
	})

	it('keeps the first message per field, keyed as the caller asks for nested forms', () => {
		const r = z.object({ career: z.object({ role: z.string('first').min(3, 'second') }) }).safeParse({ career: { role: 1 } })
		expect(fieldErrors(r.error!)).toEqual({ career: 'first' })
		expect(fieldErrors(r.error!, (path) => String(path.at(-1)))).toEqual({ role: 'first' })
	})
})

describe('failure and refused', () => {
	it('answer the one shape, leaving fields out when none is at fault', () => {
		const plain = failure('x.no', 409)
		expect(plain.init?.status).toBe(409)
		expect(plain.data).toEqual({ ok: false, error: 'x.no' })
		expect(failure('x.no', 400, {}).data).toEqual({ ok: false, error: 'x.no' })
	})

	it('keep an echoed value without letting it replace the failure', () => {
		const reply = refused({ ok: false, status: 400, error: 'x.bad', fields: { email: 'x.bad' } }, { email: 'a@b', error: 'spoofed', ok: true })
		expect(reply.init?.status).toBe(400)
		expect(reply.data).toEqual({ ok: false, error: 'x.bad', fields: { email: 'x.bad' }, email: 'a@b' })
	})

	it('carry headers such as Retry-After', () => {
		const reply = failure('x.slow', 429, undefined, { 'Retry-After': '30' })
		expect(new Headers(reply.init?.headers).get('Retry-After')).toBe('30')
	})
})
