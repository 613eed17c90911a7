import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
import { publicSections, serverOnlySections } from '../app/features/i18n/config.ts'

/**
 * `virtual:locale/<public|app>-<lang>`: the public or the signed-in sections of app/locales/<lang>.json
 * as separate chunks, so a landing page downloads only the strings it shows.
 */
export function localeChunks({ dir = 'app/locales' }: { dir?: string } = {}): Plugin {
	const prefix = 'virtual:locale/'
	return {
		name: 'learnchain-locale-chunks',
		resolveId(id) {
			return id.startsWith(prefix) ? `\0${id}` : undefined
		},
		load(id) {
			if (!id.startsWith(`\0${prefix}`)) return undefined
			const [, scope, lang] = id.slice(prefix.length + 1).match(/^(public|app)-(.+)$/) ?? []
			const file = path.resolve(dir, `${lang}.json`)
			this.addWatchFile(file)
			const all = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>
			const picked = Object.fromEntries(
				Object.entries(all).filter(([k]) => !serverOnlySections.includes(k) && (scope === 'public') === publicSections.includes(k)),
			)
			return `export default ${JSON.stringify(picked)}`
		},
	}
}
