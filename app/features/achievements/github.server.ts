import { getAuth } from '~/features/auth/auth.server.ts'
import { isProviderConfigured } from '~/features/auth/flows.server.ts'
import { log } from '~/lib/log.server.ts'

export type LinkResult = { ok: true; url: string; headers: Headers } | { ok: false; error: 'githubUnavailable' | 'githubFailed'; status: 400 | 502 }

/**
 * Start linking a GitHub account to the signed-in learner (the 'Connect GitHub' task). Better Auth
 * keeps the OAuth state in a cookie, so its Set-Cookie headers travel with our redirect.
 */
export async function startGithubLink(request: Request): Promise<LinkResult> {
	if (!isProviderConfigured('github')) return { ok: false, error: 'githubUnavailable', status: 400 }
	try {
		const auth = await getAuth()
		const { headers, response } = await auth.api.linkSocialAccount({
			body: {
				provider: 'github',
				callbackURL: '/dashboard/achievements?linked=github',
				errorCallbackURL: '/dashboard/achievements?error=github',
				disableRedirect: true,
			},
			headers: request.headers,
			returnHeaders: true,
		})
		if (!response.url) return { ok: false, error: 'githubFailed', status: 502 }
		const out = new Headers()
		for (const c of headers.getSetCookie()) out.append('Set-Cookie', c)
		return { ok: true, url: response.url, headers: out }
	} catch (err) {
		log.error('github link failed', { message: err instanceof Error ? err.message : String(err) })
		return { ok: false, error: 'githubFailed', status: 502 }
	}
}
