import { CLIENT_ADDRESS_HEADER } from '~/features/security/client-address.ts'

// Route actions take React Router's full argument object; the ones tested here read `request` and `params`.
type Action = (args: never) => Promise<unknown>

export type ActionResult = { status: number; data: unknown; headers: Headers; location: string | null }

/**
 * Posts a form to a route action the way the HTTP server does: the client address is the header
 * server/client-address.ts sets. Returned data, thrown redirects and thrown responses read alike.
 */
export async function postForm(
	action: Action,
	url: string,
	form: Record<string, string>,
	opts: { ip?: string; cookie?: string; params?: Record<string, string> } = {},
): Promise<ActionResult> {
	const request = new Request(url, {
		method: 'POST',
		headers: {
			'content-type': 'application/x-www-form-urlencoded',
			[CLIENT_ADDRESS_HEADER]: opts.ip ?? '198.51.100.7',
			...(opts.cookie ? { cookie: opts.cookie } : {}),
		},
		body: new URLSearchParams(form),
	})
	let out: unknown
	try {
		out = await action({ request, params: opts.params ?? {}, context: {} } as never)
	} catch (thrown) {
		out = thrown
	}
	if (out instanceof Response) return { status: out.status, data: null, headers: out.headers, location: out.headers.get('location') }
	// An action answers `data(value, init)` (a status or headers of its own) or the plain value (200).
	if (!isDataWithInit(out)) return { status: 200, data: out, headers: new Headers(), location: null }
	return { status: out.init?.status ?? 200, data: out.data, headers: new Headers(out.init?.headers), location: null }
}

/** The cookies a response sets, as a Cookie header to send back. */
export function cookiesOf(headers: Headers): string {
	return headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.join('; ')
}

function isDataWithInit(out: unknown): out is { data: unknown; init?: { status?: number; headers?: HeadersInit } | null } {
	return typeof out === 'object' && out !== null && (out as { type?: unknown }).type === 'DataWithResponseInit'
}
