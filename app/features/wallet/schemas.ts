import { z } from 'zod'
import { isWalletChain } from './chains.ts'

// Wallet requests from the browser. Error messages are i18n keys.
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'wallet.errors.invalidRequest')

export const nonceRequestSchema = z.object({
	purpose: z.enum(['link', 'signin'], { error: 'wallet.errors.invalidRequest' }),
	address,
	chainId: z.coerce.number().int().refine(isWalletChain, 'wallet.errors.chainNotConfigured'),
})

export const signedMessageSchema = z.object({
	// A SIWE message we wrote is about 500 characters; anything far longer is not ours.
	message: z.string().min(1, 'wallet.errors.invalidRequest').max(2000, 'wallet.errors.invalidRequest'),
	signature: z.string().regex(/^0x[0-9a-fA-F]{130,1000}$/, 'wallet.errors.badSignature'),
	redirectTo: z.string().max(2000).optional(),
})

export const walletIntentSchema = z.discriminatedUnion(
	'intent',
	[signedMessageSchema.extend({ intent: z.literal('link') }), z.object({ intent: z.literal('unlink'), address })],
	{ error: 'wallet.errors.invalidRequest' },
)
