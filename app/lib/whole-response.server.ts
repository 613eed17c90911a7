// A page answered whole (kept, or rendered in one pass) is a Buffer already. Given to `new Response`, Node's
// fetch copies it into a byte stream, and the server then reads that stream back out into a third copy
// before it writes one. The server (server/react-router.ts) writes the Buffer itself instead; the body stays
// a real stream of the same bytes for anything else that reads the Response (tests, React Router).

// A registered symbol: the app's build and the server's are bundled apart, each with its own copy of this module.
const WHOLE_BODY = Symbol.for('learnchain.wholeBody')

/** A Response of `body` whose bytes the server can write as they are, without reading its stream. */
export function wholeResponse(body: Buffer<ArrayBuffer>, init: ResponseInit): Response {
	const stream = new ReadableStream<Uint8Array>({
		start(controller) {
			controller.enqueue(body)
			controller.close()
		},
	})
	return Object.defineProperty(new Response(stream, init), WHOLE_BODY, { value: body })
}

/** The bytes of a `wholeResponse` nothing has read yet, else undefined. */
export function wholeBodyOf(response: Response): Buffer | undefined {
	if (response.bodyUsed) return undefined
	return (response as Response & { [WHOLE_BODY]?: Buffer })[WHOLE_BODY]
}
