import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A fake GitHub OAuth server on 127.0.0.1: token exchange, /user and /user/emails (the address verified
 * or not, as GitHub reports it).
 * `redirectFetch()` points the process's fetch at it for github.com and api.github.com.
 */
export async function startFakeGithub(profile: { id: number; login: string; name: string; email: string }, { emailVerified = true } = {}) {
	const requests: { path: string; body: string; auth?: string }[] = []
	const server = http.createServer((req, res) => {
		let body = ''
		req.on('data', (c) => (body += c))
		req.on('end', () => {
			requests.push({ path: req.url ?? '', body, auth: req.headers.authorization })
			res.setHeader('content-type', 'application/json')
			if (req.url?.startsWith('/login/oauth/access_token')) {
				const params = new URLSearchParams(body)
				if (params.get('code') !== 'good-code') return res.end(JSON.stringify({ error: 'bad_verification_code' }))
				return res.end(JSON.stringify({ access_token: 'gho_test_token', token_type: 'bearer', scope: 'read:user,user:email' }))
			}
			if (req.headers.authorization !== 'Bearer gho_test_token') {
				res.statusCode = 401
				return res.end(JSON.stringify({ message: 'Bad credentials' }))
			}
			if (req.url === '/user') return res.end(JSON.stringify({ ...profile, avatar_url: 'https://avatars.example/u.png' }))
			if (req.url === '/user/emails') return res.end(JSON.stringify([{ email: profile.email, primary: true, verified: emailVerified }]))
			res.statusCode = 404
			res.end('{}')
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	const realFetch = globalThis.fetch
	function redirectFetch() {
		globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
			const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
			const rewritten = url.replace(/^https:\/\/github\.com/, base).replace(/^https:\/\/api\.github\.com/, base)
			if (rewritten !== url) {
				if (input instanceof Request) return realFetch(new Request(rewritten, input), init)
				return realFetch(rewritten, init)
			}
			return realFetch(input, init)
		}) as typeof fetch
	}
	return {
		base,
		requests,
		redirectFetch,
		close: async () => {
			globalThis.fetch = realFetch
			await new Promise<void>((resolve) => server.close(() => resolve()))
		},
	}
}
