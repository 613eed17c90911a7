import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { localeChunks } from './locale-chunks.ts'

const dir = path.resolve(import.meta.dirname, 'fixtures/locales')

/** What the plugin's virtual module exports for `id`, through its resolveId and load hooks. */
function chunkOf(id: string) {
	const plugin = localeChunks({ dir })
	const watched: string[] = []
	const resolved = (plugin.resolveId as (id: string) => string | undefined)(id)
	const code = (plugin.load as (this: unknown, id: string) => string | undefined).call({ addWatchFile: (f: string) => watched.push(f) }, resolved!)
	return { exported: JSON.parse(code!.replace(/^export default /, '')) as Record<string, unknown>, watched }
}

describe('localeChunks (vite/locale-chunks.ts)', () => {
	it('gives a public page only the public sections', () => {
		expect(Object.keys(chunkOf('virtual:locale/public-en-US').exported).sort()).toEqual(['auth', 'nav'])
	})

	it('gives the signed-in area the rest, and the browser never the email texts', () => {
		expect(chunkOf('virtual:locale/app-en-US').exported).toEqual({ dashboard: { title: 'Dashboard' } })
	})

	it('rebuilds when the locale file changes, and leaves other modules alone', () => {
		expect(chunkOf('virtual:locale/app-en-US').watched).toEqual([path.join(dir, 'en-US.json')])
		expect((localeChunks().resolveId as (id: string) => string | undefined)('./app.ts')).toBeUndefined()
	})
})
