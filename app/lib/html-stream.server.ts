import { Transform, Writable } from 'node:stream'

/**
 * The page's bytes from React to the response, joined per turn of the event loop. React writes a rendered
 * page in pieces of about 2 KB, all at once when the shell is ready; each piece travelled alone through the
 * web stream, the response and compression's flush (about 25 writes, socket writes and gzip flushes for a
 * 50 KB page). What is written in one turn now leaves as one chunk; a later piece (a Suspense boundary
 * streamed in afterwards) leaves in its own turn, as soon as before.
 */
export function htmlStream({ onFinal, onWhole }: { onFinal: () => void; onWhole?: (page: Buffer) => void }) {
	let parts: Buffer[] = []
	const whole: Buffer[] = []
	let scheduled = false
	const release = () => {
		scheduled = false
		if (!parts.length) return
		const chunk = parts.length === 1 ? parts[0]! : Buffer.concat(parts)
		parts = []
		if (onWhole) whole.push(chunk)
		stream.push(chunk)
	}
	const stream = new Transform({
		transform(chunk: Buffer, _encoding, done) {
			parts.push(chunk)
			if (!scheduled) {
				scheduled = true
				setImmediate(release)
			}
			done()
		},
		final(done) {
			onFinal()
			done()
		},
		// The last pieces go out before the end, without waiting for the turn; a kept render gets the whole page.
		flush(done) {
			release()
			onWhole?.(Buffer.concat(whole))
			done()
		},
	})
	return stream
}

/**
 * A page with nothing to stream (no deferred data), gathered whole and handed over at its end: answered in
 * one write with its length, not as a stream through the response, chunk by chunk. React ends such a page
 * within the turns after its shell, so the client waits no longer for its first byte.
 */
export function wholePage(onEnd: (page: Buffer<ArrayBuffer>) => void) {
	const parts: Buffer[] = []
	return new Writable({
		write(chunk: Buffer, _encoding, done) {
			parts.push(chunk)
			done()
		},
		final(done) {
			onEnd(Buffer.concat(parts))
			done()
		},
	})
}
