import { describe, expect, it } from 'vitest'
import en from './en-US.json'
import pt from './pt-BR.json'

function flatten(o: Record<string, unknown>, prefix = ''): Record<string, string> {
	return Object.fromEntries(
		Object.entries(o).flatMap(([k, v]) =>
			v && typeof v === 'object' ? Object.entries(flatten(v as Record<string, unknown>, `${prefix}${k}.`)) : [[`${prefix}${k}`, String(v)]],
		),
	)
}

const enFlat = flatten(en)
const ptFlat = flatten(pt)

describe('locale files', () => {
	it('have exactly the same keys', () => {
		expect(Object.keys(ptFlat).sort()).toEqual(Object.keys(enFlat).sort())
	})
	it('have no empty strings', () => {
		for (const [k, v] of [...Object.entries(enFlat), ...Object.entries(ptFlat)]) expect(v.trim(), k).not.toBe('')
	})
	it('use the same interpolation variables in both languages', () => {
		const vars = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).map((v) => v.replace(/\s/g, '')).sort()
		for (const k of Object.keys(enFlat)) expect(vars(ptFlat[k] ?? ''), k).toEqual(vars(enFlat[k]!))
	})
})
