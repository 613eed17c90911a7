import { randomUUID } from 'node:crypto'
import fc from 'fast-check'

// Input an attacker or a broken client sends, for the property tests of tests/e2e/bad-input.spec.ts.

export const sqlPayloads = [
	"' OR '1'='1",
	"' OR 1=1 --",
	"admin'--",
	`'; DROP TABLE "user"; --`,
	'1; SELECT pg_sleep(5) --',
	"' UNION SELECT email, password FROM account --",
	'" OR ""="',
	'$$; DELETE FROM lessons; $$',
	'\\',
	"%' AND 1=0 UNION SELECT NULL --",
	'%_%',
]

export const scriptPayloads = [
	'<script>window.__xss=1</script>',
	'<img src=x onerror="window.__xss=1">',
	'<svg onload=window.__xss=1>',
	'javascript:window.__xss=1',
	'"><iframe src="javascript:window.__xss=1"></iframe>',
	"'-alert(1)-'",
	'{{constructor.constructor("window.__xss=1")()}}',
	'[x](javascript:window.__xss=1)',
	'<a href="data:text/html,<script>alert(1)</script>">x</a>',
]

export const unicodeEdges = [
	'\u0000',
	'a\u0000b',
	'\ud800',
	'\udfff',
	'\ud83d',
	'\ufeff',
	'\u202eevil',
	'\u200b\u200c\u200d',
	'e\u0301\u0301\u0301\u0301\u0301',
	'👩‍💻🏳️‍🌈𝕏',
	'\u2028\u2029',
	'\r\n\t\v\f',
	'\u0085',
	'ＡＢＣ＠ｅｘａｍｐｌｅ．ｃｏｍ',
	'İı',
	'\u{10ffff}',
]

export const numberEdges = [
	'-1',
	'0',
	'-0',
	'1.5',
	'2147483647',
	'2147483648',
	'-2147483649',
	'9007199254740993',
	'1e308',
	'1e309',
	'-1e309',
	'NaN',
	'Infinity',
	'0x10',
	'1e3',
	'１２',
	' 7 ',
	'',
]

export const MEGABYTE = 'x'.repeat(1024 * 1024)

/** A hostile string: payloads, edge characters, numbers as text, random text, or (rarely) 1 MB. */
/** What breaks storage and parsers most often, drawn more often than the rest. */
export const nastiest = ['\u0000', 'x\u0000y', '\ud800', "' OR 1=1 --", '<script>window.__xss=1</script>', '-1', '1e309']

export const hostileString: fc.Arbitrary<string> = fc.oneof(
	{ arbitrary: fc.constantFrom(...nastiest), weight: 3 },
	{ arbitrary: fc.constantFrom(...sqlPayloads), weight: 3 },
	{ arbitrary: fc.constantFrom(...scriptPayloads), weight: 3 },
	{ arbitrary: fc.constantFrom(...unicodeEdges), weight: 3 },
	{ arbitrary: fc.constantFrom(...numberEdges), weight: 2 },
	{ arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
	{ arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 1 },
	{ arbitrary: fc.constantFrom(...unicodeEdges).map((u) => u.repeat(300)), weight: 1 },
	{ arbitrary: fc.constant(MEGABYTE), weight: 1 },
	{ arbitrary: fc.constant(`${'a'.repeat(70_000)}\u0000`), weight: 1 },
)

/** Ids: real ones (deeper code paths), unknown uuids, and things that are no uuid at all. */
export function idOf(real: string[]): fc.Arbitrary<string> {
	return fc.oneof(
		{ arbitrary: real.length ? fc.constantFrom(...real) : fc.constant(randomUUID()), weight: 3 },
		{ arbitrary: fc.uuid(), weight: 2 },
		{ arbitrary: fc.constantFrom('00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF'), weight: 1 },
		{ arbitrary: hostileString, weight: 2 },
	)
}

/** A JSON value of any type, for fields that expect one type. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
	{ arbitrary: hostileString, weight: 4 },
	{ arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -2147483649, Number.MAX_SAFE_INTEGER + 2), weight: 2 },
	{ arbitrary: fc.array(hostileString, { maxLength: 40 }), weight: 2 },
	{ arbitrary: fc.constant(Array.from({ length: 5000 }, (_, i) => `tag-${i}`)), weight: 1 },
	{ arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 4 }), weight: 1 },
	{ arbitrary: fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}')), weight: 1 },
	{ arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
)

/**
 * A form for an action that expects `fields` (each given as its valid values): all valid but one
 * hostile field (which reaches the deepest code), each field valid, hostile or missing at random, or
 * all valid; always with a few unexpected extra fields (an amount, a user id, a role).
 */
export function hostileForm(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<Record<string, string>> {
	const names = Object.keys(fields)
	const valid = fc.record(fields)
	const oneBad = fc.tuple(valid, fc.constantFrom(...names), hostileString).map(([form, name, bad]) => ({ ...form, [name]: bad }))
	const scattered = fc.record(
		Object.fromEntries(names.map((n) => [n, fc.oneof({ arbitrary: fields[n]!, weight: 2 }, { arbitrary: hostileString, weight: 3 })])),
		{ requiredKeys: [] },
	)
	const extra = fc.dictionary(
		fc.constantFrom('userId', 'user_id', 'role', 'xp', 'amount', 'is_admin', '__proto__', 'constructor', 'id', 'emailVerified'),
		hostileString,
		{ maxKeys: 2 },
	)
	return fc
		.tuple(fc.oneof({ arbitrary: oneBad, weight: 4 }, { arbitrary: scattered, weight: 3 }, { arbitrary: valid, weight: 1 }), extra)
		.map(([form, more]) => {
			const out: Record<string, string> = { ...more }
			for (const [k, v] of Object.entries(form)) if (v !== undefined) out[k] = v
			return out
		})
}

/** A JSON object shaped like `fields`, with one field (or one nested field) swapped for any JSON value. */
export function hostileJson(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
	const names = Object.keys(fields)
	const valid = fc.record(fields)
	return fc.oneof(
		{ arbitrary: fc.tuple(valid, fc.constantFrom(...names), anyJson).map(([obj, name, bad]) => ({ ...obj, [name]: bad })), weight: 4 },
		{ arbitrary: fc.record(Object.fromEntries(names.map((n) => [n, fc.oneof(fields[n]!, anyJson)])), { requiredKeys: [] }), weight: 2 },
		{ arbitrary: valid, weight: 1 },
	)
}

/** A client address per request (the private server trusts X-Forwarded-For), so rate limits do not mask validation. */
export function randomIp() {
	const byte = () => Math.floor(Math.random() * 254) + 1
	return `10.${byte()}.${byte()}.${byte()}`
}
