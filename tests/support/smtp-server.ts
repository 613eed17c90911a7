import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type Received = { from: string; to: string[]; raw: string }

/** A real SMTP server on 127.0.0.1 that keeps what it receives; `delayMs` makes it a slow one. */
export async function startSmtpServer({ delayMs = 0 }: { delayMs?: number } = {}) {
	const received: Received[] = []
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		logger: false,
		onData(stream, session, callback) {
			let raw = ''
			stream.setEncoding('utf8')
			stream.on('data', (chunk: string) => (raw += chunk))
			stream.on('end', () => {
				received.push({
					from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
					to: session.envelope.rcptTo.map((r) => r.address),
					raw,
				})
				setTimeout(callback, delayMs)
			})
		},
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const port = (server.server.address() as AddressInfo).port
	return {
		url: `smtp://127.0.0.1:${port}`,
		received,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}
