import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

// scripts/parallel.mjs runs npm test's first step (the type check and the linter side by side): if it let a
// failure through, npm test would pass with a type error in the code.

const PARALLEL = path.resolve(import.meta.dirname, 'parallel.mjs')
const dirs: string[] = []
afterEach(() => {
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** A package whose npm scripts are these node programs; parallel.mjs run in it with `names`. */
function run(scripts: Record<string, string>, names: string[]) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'learnchain-parallel-'))
	dirs.push(dir)
	for (const [name, code] of Object.entries(scripts)) fs.writeFileSync(path.join(dir, `${name}.cjs`), code)
	const npmScripts = Object.fromEntries(Object.keys(scripts).map((name) => [name, `node ${name}.cjs`]))
	fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'p', private: true, scripts: npmScripts }))
	const result = spawnSync(process.execPath, [PARALLEL, ...names], { cwd: dir, encoding: 'utf8', timeout: 60_000 })
	return { code: result.status, out: result.stdout, dir }
}

/** Waits (up to 20 s) for `file` to appear in the working directory, then writes `mine`: two of these meet only side by side. */
const meet = (mine: string, theirs: string, text: string) => `
	const fs = require('node:fs')
	fs.writeFileSync(${JSON.stringify(mine)}, '')
	const started = Date.now()
	const wait = () => {
		if (fs.existsSync(${JSON.stringify(theirs)})) { console.log(${JSON.stringify(text)}); return }
		if (Date.now() - started > 20000) { console.log('alone'); process.exit(9) }
		setTimeout(wait, 20)
	}
	wait()
`

describe('scripts/parallel.mjs', () => {
	it('runs the scripts side by side and passes when all pass, printing each one whole', () => {
		const { code, out } = run({ a: meet('a.started', 'b.started', 'a line 1\na line 2'), b: meet('b.started', 'a.started', 'b done') }, ['a', 'b'])
		expect(code).toBe(0)
		expect(out).toContain('> a: passed\na line 1\na line 2\n')
		expect(out).toContain('> b: passed\nb done\n')
	})

	it('fails with the exit code of a failing script, after every other script has run to its end', () => {
		const { code, out, dir } = run(
			{
				fails: `console.error('type error here'); process.exit(3)`,
				slow: `setTimeout(() => require('node:fs').writeFileSync('slow.done', ''), 500)`,
			},
			['fails', 'slow'],
		)
		expect(code).toBe(3)
		expect(out).toContain('> fails: failed (exit 3)\ntype error here\n')
		expect(out).toContain('> slow: passed')
		expect(fs.existsSync(path.join(dir, 'slow.done'))).toBe(true)
	})

	it('fails when a script is killed by a signal', () => {
		const { code, out } = run({ killed: `process.kill(process.pid, 'SIGKILL')` }, ['killed'])
		expect(code).not.toBe(0)
		expect(out).toMatch(/> killed: failed/)
	})
})
