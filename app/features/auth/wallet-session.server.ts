import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthEndpoint } from 'better-auth/api'
import { setSessionCookie } from 'better-auth/cookies'
import { z } from 'zod'

/**
 * Sign-in with Ethereum creates an ordinary Better Auth session for the account that linked the wallet.
 * Better Auth's own siwe plugin does not fit: it creates a new account for any unknown wallet and keeps
 * its own walletAddress table, while here only wallets linked by a signed-in learner may sign in.
 *
 * The endpoint is SERVER_ONLY: Better Auth's router never exposes it under /api/auth, so only our
 * route (after verifying the SIWE signature) can call it, through auth.api.createWalletSession.
 */
export function walletSession() {
	return {
		id: 'learnchain-wallet-session',
		endpoints: {
			createWalletSession: createAuthEndpoint(
				'/learnchain/wallet-session',
				{ method: 'POST', body: z.object({ userId: z.string().min(1) }), metadata: { SERVER_ONLY: true } },
				async (ctx) => {
					const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId)
					if (!user) throw new APIError('NOT_FOUND', { message: 'User not found', code: 'USER_NOT_FOUND' })
					// The admin plugin's session hook refuses banned users here, as it does for passwords.
					const session = await ctx.context.internalAdapter.createSession(user.id)
					await setSessionCookie(ctx, { session, user })
					return ctx.json({ userId: user.id })
				},
			),
		},
	} satisfies BetterAuthPlugin
}
