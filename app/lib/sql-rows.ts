/** drizzle's execute() returns driver-specific results; both pg and PGlite put rows under `.rows`. */
export function rowsOf<T>(result: unknown): T[] {
	return ((result as { rows?: T[] }).rows ?? []) as T[]
}

/** A json column: parsed already by both drivers, text if a driver leaves it alone; `empty` for SQL NULL. */
export function jsonValue<T>(value: unknown, empty: T): T {
	if (value === null || value === undefined) return empty
	return (typeof value === 'string' ? JSON.parse(value) : value) as T
}
