import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import en from './en-US.json'
import pt from './pt-BR.json'

// Every key written as a literal in a t() call must exist in both languages: the parity test alone
// passes when a key is missing from both files, and the page then shows the raw key.
const root = path.resolve(import.meta.dirname, '../..')

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return sourceFiles(full)
		return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
	})
}

function has(messages: unknown, key: string) {
	const find = (k: string) => {
		let node = messages
		for (const part of k.split('.')) {
			if (!node || typeof node !== 'object') return false
			node = (node as Record<string, unknown>)[part]
		}
		return typeof node === 'string'
	}
	// A plural key is used bare (t('x', { count })) and stored as x_one / x_other.
	return find(key) || find(`${key}_other`)
}

/**
 * The literal first arguments of `t(...)` and `getT(...)(...)` calls: a quoted string, or a template
 * literal without `${}`. Keys built at run time (template literals with `${}`, variables, concatenation)
 * are left out, so the check has no false alarms.
 */
export function literalKeys(source: string): string[] {
	const keys: string[] = []
	const call = /(?:(?<![\w$.])t|getT\([^()]*\))\s*(?:\?\.)?\(\s*(?:'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`$\\\n]*)`)\s*[,)]/g
	for (const m of source.matchAll(call)) keys.push((m[1] ?? m[2] ?? m[3])!)
	return keys
}

describe('keys passed to t()', () => {
	it('finds literal keys and skips dynamic ones', () => {
		const sample = `t('a.b'); t("c.d", { n }); t(\`e.f\`); t(\`g.\${x}\`); t(key); t('h.' + x); getT(request)('i.j'); cat('k.l'); x.t('m.n')`
		expect(literalKeys(sample)).toEqual(['a.b', 'c.d', 'e.f', 'i.j'])
	})

	const used = new Map<string, string[]>()
	for (const file of ['app', 'server'].flatMap((dir) => sourceFiles(path.join(root, dir)))) {
		for (const key of literalKeys(fs.readFileSync(file, 'utf8'))) used.set(key, [...(used.get(key) ?? []), path.relative(root, file)])
	}

	it('scans the app', () => {
		expect(used.size).toBeGreaterThan(300)
	})

	for (const [name, messages] of [
		['en-US', en],
		['pt-BR', pt],
	] as const) {
		it(`exist in ${name}`, () => {
			const missing = [...used].filter(([key]) => !has(messages, key)).map(([key, files]) => `${key} (${files.join(', ')})`)
			expect(missing).toEqual([])
		})
	}
})
