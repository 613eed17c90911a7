// Server-sent events, both ways: the provider streams to the server, the server streams to the chat panel.

/**
 * Incremental SSE reader: push text as it arrives, get the `data` of each finished event.
 * Lines may end in \n, \r\n or \r, and chunks may cut anywhere (even between \r and \n).
 */
export function createSseReader() {
	let buffer = ''
	let data: string[] = []
	const line = (text: string, out: string[]) => {
		if (text === '') {
			if (data.length) out.push(data.join('\n'))
			data = []
		} else if (text.startsWith('data:')) {
			data.push(text.slice(text.startsWith('data: ') ? 6 : 5))
		}
		// Comments (":"), event names, ids and retry hints carry nothing we use.
	}
	return {
		push(chunk: string): string[] {
			buffer += chunk
			const out: string[] = []
			for (;;) {
				const match = /\r\n|\r|\n/.exec(buffer)
				if (!match) break
				// A trailing \r may be the first half of \r\n: wait for the next chunk.
				if (match[0] === '\r' && match.index === buffer.length - 1) break
				line(buffer.slice(0, match.index), out)
				buffer = buffer.slice(match.index + match[0].length)
			}
			return out
		},
		/** The stream ended: whatever was pending counts as a finished event. */
		end(): string[] {
			const out: string[] = []
			if (buffer) line(buffer.replace(/\r$/, ''), out)
			buffer = ''
			line('', out)
			return out
		},
	}
}

export function sseEvent(payload: unknown): string {
	return `data: ${JSON.stringify(payload)}\n\n`
}
