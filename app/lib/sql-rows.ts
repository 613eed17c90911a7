/** drizzle's execute() returns driver-specific results; both pg and PGlite put rows under `.rows`. */
export function rowsOf<T>(result: unknown): T[] {
	return ((result as { rows?: T[] }).rows ?? []) as T[]
}
