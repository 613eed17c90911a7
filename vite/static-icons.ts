import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const replacement = fileURLToPath(new URL('../app/lib/lucide-icon.ts', import.meta.url))
const lucideFactory = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]createLucideIcon\.js$/

/**
 * Every lucide icon is made by lucide-react's `createLucideIcon`; this plugin hands the icons ours
 * (app/lib/lucide-icon.ts), which draws an icon's shapes as one string instead of one React element each
 * (docs/decisions/0014). Builds only: the development server pre-bundles lucide as it is, which renders the
 * same markup. The server build bundles lucide (vite.config.ts, `ssr.noExternal`) so the swap reaches it too.
 */
export function staticIcons(): Plugin {
	return {
		name: 'learnchain-static-icons',
		enforce: 'pre',
		async resolveId(source, importer, options) {
			if (!importer || !source.endsWith('createLucideIcon.js')) return undefined
			const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
			return resolved && lucideFactory.test(resolved.id) ? replacement : undefined
		},
	}
}
