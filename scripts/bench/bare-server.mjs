// The ceiling of this machine for the bench: a bare Node http server answering every request with a
// static page of the given size (the size of the student landing), nothing else.
import http from 'node:http'

const port = Number(process.argv[2])
const bytes = Number(process.argv[3])
const body = Buffer.alloc(bytes, 'x')
const server = http.createServer((_req, res) => {
	res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': bytes })
	res.end(body)
})
server.keepAliveTimeout = 65_000
server.listen(port, '127.0.0.1', () => console.log(`bare server on ${port} (${bytes} bytes)`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
