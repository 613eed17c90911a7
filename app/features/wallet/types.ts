/** A wallet linked to the account (checksummed address, the chain it was linked on). */
export type LinkedWallet = { address: string; chainId: number; createdAt: string }
