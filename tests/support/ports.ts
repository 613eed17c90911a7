import net from 'node:net'

/** A TCP port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const s = net.createServer()
		s.once('error', reject)
		s.listen(0, '127.0.0.1', () => {
			const { port } = s.address() as net.AddressInfo
			s.close(() => resolve(port))
		})
	})
}
