import urls from 'virtual:islands'

export type IslandName = 'landing' | 'auth'

/** The hashed URL of an island script (vite/islands.ts), or null when the build has none. */
export function islandUrl(name: IslandName): string | null {
	return urls[name] ?? null
}
