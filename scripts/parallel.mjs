// `node scripts/parallel.mjs typecheck lint`: npm scripts that do not depend on each other, run side by side.
// On a two-core machine the type check and the linter (one thread each) took 47 s and 45 s one after the other;
// side by side, 71 s (they share the two cores with nothing else). Each script's output is printed whole when it ends, so
// the logs do not interleave; the exit code is the first failure's, and every script runs to its end.
import { spawn } from 'node:child_process'

const names = process.argv.slice(2)
const runs = names.map((name) =>
	new Promise((resolve) => {
		const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] })
		const out = []
		child.stdout.on('data', (chunk) => out.push(chunk))
		child.stderr.on('data', (chunk) => out.push(chunk))
		child.on('error', (error) => resolve({ name, code: 1, out: [Buffer.from(String(error))] }))
		child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), out }))
	}).then((run) => {
		process.stdout.write(`> ${run.name}: ${run.code === 0 ? 'passed' : `failed (exit ${run.code})`}\n`)
		process.stdout.write(Buffer.concat(run.out))
		return run
	}),
)
const failed = (await Promise.all(runs)).find((run) => run.code !== 0)
process.exitCode = failed ? failed.code : 0
