/**
 * The message for a refused request: the server's own when it is one of the app-wide errors (`errors.*`,
 * e.g. the database being away for a moment), otherwise the form's message for its failure.
 */
export function failureKey(reply: { error?: string } | null | undefined, fallback: string): string {
	return reply?.error?.startsWith('errors.') ? reply.error : fallback
}
