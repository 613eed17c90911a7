import { data } from 'react-router'
import type { z } from 'zod'
import { fieldErrors, type Failure, type FieldErrors } from './field-errors.ts'

/**
 * The one way an action reads and validates what was posted (CONVENTIONS.md, "Form actions").
 *
 * - Bodies are read with a byte cap per kind: a body that goes past it is cut off and answered 413 without
 *   being read to the end (the server's own cap in front of the request gate is the first line; this one
 *   holds in `npm run dev` and for routes with a tighter limit).
 * - A form body (urlencoded or multipart) and a JSON object body read the same way, so the authorization
 *   sweep and scripts can post either; anything else reads as an empty object and fails validation (400),
 *   never a parser's 500.
 * - Failures have one shape, `{ ok: false, error, fields? }`: `error` and every field message are i18n keys.
 */

export const BODY_LIMITS = {
	/** Sign-in, profile, admin item forms: the longest field is a lesson body (admin) of a few dozen KB. */
	form: 256 * 1024,
	/** Small JSON requests (wallet, tutor, grading). */
	json: 128 * 1024,
	/** An admin content pack upload. */
	pack: 20 * 1024 * 1024,
} as const
export type BodyKind = keyof typeof BODY_LIMITS

export type { Failure, FieldErrors } from './field-errors.ts'
export { fieldErrors } from './field-errors.ts'
export type Parsed<T, K extends string = string> = { ok: true; data: T } | (Failure<K> & { status: 400 | 413 })
/** What was posted, or why it could not be read. */
export type Read = { ok: true; values: Record<string, unknown> } | (Failure & { status: 400 | 413 })

/** Thrown by `readBytes` past the cap; `readFields` turns it into a 413 failure. */
export class BodyTooLargeError extends Error {
	constructor(readonly limit: number) {
		super(`request body over ${limit} bytes`)
	}
}

/** The body's bytes, refusing (without reading on) as soon as they pass `limit`. */
export async function readBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
	const declared = Number(request.headers.get('content-length') ?? 0)
	if (declared > limit) throw new BodyTooLargeError(limit)
	if (!request.body) return new Uint8Array()
	const reader = request.body.getReader()
	const chunks: Uint8Array[] = []
	let size = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		size += value.byteLength
		if (size > limit) {
			await reader.cancel().catch(() => {})
			throw new BodyTooLargeError(limit)
		}
		chunks.push(value)
	}
	const out = new Uint8Array(size)
	let offset = 0
	for (const c of chunks) {
		out.set(c, offset)
		offset += c.byteLength
	}
	return out
}

/**
 * The posted fields: text fields of a form, or the members of a JSON object. Files of a multipart form
 * are kept as `File` values (content packs); callers that want text only get them filtered by their schema.
 */
async function readBody(request: Request, kind: BodyKind = 'form', opts: { limit?: number } = {}): Promise<Record<string, unknown>> {
	// A route may hold its bodies to less than its kind's cap (never more: the server's cap comes first).
	const bytes = await readBytes(request, Math.min(opts.limit ?? Infinity, BODY_LIMITS[kind]))
	// Lower case to recognise the type only: a multipart boundary is case-sensitive (browsers mix cases).
	const header = request.headers.get('content-type') ?? ''
	const type = header.toLowerCase()
	if (type.includes('application/json')) {
		try {
			const value: unknown = JSON.parse(new TextDecoder().decode(bytes))
			return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
		} catch {
			return {}
		}
	}
	if (!type.includes('application/x-www-form-urlencoded') && !type.includes('multipart/form-data')) return {}
	const form = await new Response(bytes, { headers: { 'content-type': header } }).formData().catch(() => null)
	if (!form) return {}
	const out: Record<string, unknown> = {}
	for (const [key, value] of form) if (!(key in out)) out[key] = value
	return out
}

export type ReadOptions = {
	kind?: BodyKind
	/** A tighter cap than the kind's (never a looser one: the server's cap comes first). */
	limit?: number
	/** The message for a body past the cap (413); `errors.bodyTooLarge` unless named. */
	tooLarge?: string
	/** The form-level message of a failure; for validation, the first field's message unless named. */
	fallback?: string
	/**
	 * Read only a JSON body; a form reads as empty. For actions only script posts, so that a cross-site
	 * form (which cannot send JSON without a preflight) never gets as far as validation.
	 */
	jsonOnly?: boolean
}

/**
 * The posted fields, never throwing: a body past the cap is a 413 failure, a broken one (the client went
 * away mid-body) a 400. Use it when an action needs the raw values before picking a schema, or echoes
 * one of them back; otherwise `parseBody`.
 */
export async function readFields(request: Request, opts: ReadOptions = {}): Promise<Read> {
	try {
		if (opts.jsonOnly && !request.headers.get('content-type')?.toLowerCase().includes('application/json')) return { ok: true, values: {} }
		return { ok: true, values: await readBody(request, opts.kind ?? 'form', { limit: opts.limit }) }
	} catch (error) {
		if (error instanceof BodyTooLargeError) return { ok: false, status: 413, error: opts.tooLarge ?? 'errors.bodyTooLarge' }
		return { ok: false, status: 400, error: opts.fallback ?? 'errors.badRequest' }
	}
}

/** Validate values already read with `schema`, with the same failure as `parseBody`. */
export function validate<S extends z.ZodType>(values: unknown, schema: S, fallback?: string): Parsed<z.infer<S>> {
	const parsed = schema.safeParse(values)
	if (parsed.success) return { ok: true, data: parsed.data }
	return { ok: false, status: 400, error: fallback ?? parsed.error.issues[0]?.message ?? 'errors.badRequest', fields: fieldErrors(parsed.error) }
}

/**
 * Read the body and validate it with `schema`. On failure `error` is the form-level message: the first
 * field's message unless `fallback` names one. `values` are the fields as posted (empty when unreadable),
 * for a form that echoes one back.
 */
export async function parseBody<S extends z.ZodType>(
	request: Request,
	schema: S,
	opts: ReadOptions = {},
): Promise<Parsed<z.infer<S>> & { values: Record<string, unknown> }> {
	const read = await readFields(request, opts)
	if (!read.ok) return { ...read, values: {} }
	return { ...validate(read.values, schema, opts.fallback), values: read.values }
}

/**
 * The reply for a refused request: the one failure shape, with its status. `echo` adds members a page
 * re-renders with (the email typed into a static sign-in form), never in place of `error`.
 */
export function failure<K extends string = string, E extends object = object>(
	error: string,
	status = 400,
	fields?: FieldErrors<K>,
	headers?: HeadersInit,
	echo?: E,
) {
	const body: Failure<K> = fields && Object.keys(fields).length ? { ok: false, error, fields } : { ok: false, error }
	return data({ ...(echo as E), ...body }, { status, headers })
}

/** `failure` for a `Parsed` or `Read` that did not succeed. */
export function refused<K extends string, E extends object = object>(parsed: Failure<K> & { status: number }, echo?: E) {
	return failure(parsed.error, parsed.status, parsed.fields, undefined, echo)
}
