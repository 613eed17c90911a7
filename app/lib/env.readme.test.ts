import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { settingsSchema } from './env.server.ts'

/** README.md's settings table: each row's variable names (`GOOGLE_CLIENT_ID/SECRET` is two) and its default column. */
function readmeSettings() {
	const readme = fs.readFileSync('README.md', 'utf8')
	const table = readme.slice(readme.indexOf('| variable | default | meaning |'))
	const rows = table.split('\n').slice(2)
	const settings: { names: string[]; defaults: string }[] = []
	for (const row of rows) {
		if (!row.startsWith('|')) break
		const [, variables = '', defaults = ''] = row.split('|').map((c) => c.trim())
		const names = [...variables.matchAll(/`([A-Z0-9_]+)(?:\/([A-Z0-9_]+))?`/g)].flatMap(([, name = '', other]) =>
			other ? [name, name.replace(/[A-Z0-9]+$/, other)] : [name],
		)
		settings.push({ names, defaults })
	}
	return settings
}

const schemaNames = Object.keys(settingsSchema.shape).sort()

describe("README.md's settings table", () => {
	it('lists every setting of the env schema, and only those', () => {
		const listed = readmeSettings().flatMap((r) => r.names)
		expect(schemaNames.filter((n) => !listed.includes(n))).toEqual([])
		expect(listed.filter((n) => !schemaNames.includes(n))).toEqual([])
		expect(new Set(listed).size).toBe(listed.length)
	})

	it("gives the schema's own default wherever it states a number", () => {
		let compared = 0
		for (const { names, defaults } of readmeSettings()) {
			// "5000, 15000, 2000" for a row of three settings; "0 (off)" and "4 (embedded), 8 (PostgreSQL)" are prose.
			const values = defaults.split(',').map((v) => v.trim())
			if (values.length !== names.length || !values.every((v) => /^\d+$/.test(v))) continue
			names.forEach((name, i) => {
				const field = settingsSchema.shape[name as keyof typeof settingsSchema.shape]
				expect(field.parse(undefined), name).toBe(Number(values[i]))
				compared++
			})
		}
		expect(compared).toBeGreaterThan(20)
	})
})
