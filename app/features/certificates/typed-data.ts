import { z } from 'zod'

// A certificate is EIP-712 typed data signed by the platform's key (CERT_SIGNER_KEY). Anyone can check
// it without us: hash the typed data, recover the signer, compare it with the published address.
// The types are fixed here (a change means a new domain version); verification always uses these,
// never types supplied with a certificate, so no field shown on the page can be left out of the hash.

const CERTIFICATE_VERSION = '1'
export const primaryType = 'Certificate'

export const certificateTypes = {
	Certificate: [
		{ name: 'id', type: 'string' },
		{ name: 'learner', type: 'string' },
		{ name: 'path', type: 'string' },
		{ name: 'pathId', type: 'string' },
		{ name: 'issuedAt', type: 'uint64' },
		{ name: 'xp', type: 'uint32' },
		{ name: 'wallet', type: 'address' },
	],
} as const

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

export function certificateDomain(appName: string) {
	return { name: `${appName} Certificates`, version: CERTIFICATE_VERSION }
}

const hexAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/) as unknown as z.ZodType<`0x${string}`>

export const certificateMessageSchema = z.object({
	id: z.string().max(100),
	learner: z.string().max(500),
	path: z.string().max(500),
	pathId: z.string().max(100),
	/** Unix seconds. */
	issuedAt: z.number().int().min(0),
	xp: z
		.number()
		.int()
		.min(0)
		.max(2 ** 32 - 1),
	/** The learner's first linked wallet when issued; the zero address when none. */
	wallet: hexAddress,
})
export type CertificateMessage = z.infer<typeof certificateMessageSchema>

const certificateDomainSchema = z.object({ name: z.string().max(200), version: z.string().max(20) })
export type CertificateDomain = z.infer<typeof certificateDomainSchema>

/** What is stored in certificates.data and published at /certificates/{id}.json (plus types and signature). */
export const certificateDataSchema = z.object({ domain: certificateDomainSchema, message: certificateMessageSchema })
export type CertificateData = z.infer<typeof certificateDataSchema>

/** A downloaded certificate file, as pasted into /certificates/verify. */
export const certificateFileSchema = certificateDataSchema.extend({
	signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/) as unknown as z.ZodType<`0x${string}`>,
})
export type CertificateFile = z.infer<typeof certificateFileSchema>
