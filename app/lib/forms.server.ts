import { data } from 'react-router'
import type { z } from 'zod'

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

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>
export type Failure<K extends string = string> = { ok: false; error: string; fields?: FieldErrors<K> }
export type Parsed<T, K extends string = string> = { ok: true; data: T } | (Failure<K> & { status: 400 | 413 })

/** Thrown by `readBody` past the cap; `parse` turns it into a 413 failure. */
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
export async function readBody(request: Request, kind: BodyKind = 'form', opts: { limit?: number } = {}): Promise<Record<string, unknown>> {
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

/** Only the text values (what most forms post), for schemas that expect strings. */
export async function readTextFields(request: Request, kind: BodyKind = 'form'): Promise<Record<string, string>> {
	const values = await readBody(request, kind)
	const out: Record<string, string> = {}
	for (const [k, v] of Object.entries(values)) if (typeof v === 'string') out[k] = v
	return out
}

/** The first message per field (an i18n key), keyed by the field's top-level name ('form' for the whole). */
export function fieldErrors<K extends string = string>(error: z.ZodError): FieldErrors<K> {
	const out: Record<string, string> = {}
	for (const issue of error.issues) out[String(issue.path[0] ?? 'form')] ??= issue.message
	return out as FieldErrors<K>
}

/**
 * Read the body and validate it with `schema`. On failure `error` is the form-level message: the first
 * field's message unless `fallback` names one.
 */
export async function parseBody<S extends z.ZodType>(
	request: Request,
	schema: S,
	opts: { kind?: BodyKind; fallback?: string; tooLarge?: string } = {},
): Promise<Parsed<z.infer<S>>> {
	let values: Record<string, unknown>
	try {
		values = await readBody(request, opts.kind ?? 'form')
	} catch (error) {
		if (error instanceof BodyTooLargeError) return { ok: false, status: 413, error: opts.tooLarge ?? 'errors.bodyTooLarge' }
		// The client went away or sent a broken body: nothing to validate.
		return { ok: false, status: 400, error: opts.fallback ?? 'errors.badRequest' }
	}
	const parsed = schema.safeParse(values)
	if (parsed.success) return { ok: true, data: parsed.data }
	const fields = fieldErrors(parsed.error)
	return { ok: false, status: 400, error: opts.fallback ?? parsed.error.issues[0]?.message ?? 'errors.badRequest', fields }
}

/** The reply for a refused request: the one failure shape, with its status. */
export function failure<K extends string = string>(error: string, status = 400, fields?: FieldErrors<K>, headers?: HeadersInit) {
	const body: Failure<K> = fields && Object.keys(fields).length ? { ok: false, error, fields } : { ok: false, error }
	return data(body, { status, headers })
}

/** `failure` for a `Parsed` that did not parse. */
export function refused<K extends string>(parsed: Failure<K> & { status: number }) {
	return failure(parsed.error, parsed.status, parsed.fields)
}
