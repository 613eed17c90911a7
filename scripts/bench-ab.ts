// npm run bench:ab -- --a=build-a --b=build-b [--routes=dashboard-new,player-new] [--rounds=6] [--seconds=3]
//   [--connections=20] [--a-node-args="..."] [--b-node-args="--max-semi-space-size=64"] [--a-env=K=V,...] [--b-env=LOG_LEVEL=warn]
//   [--database=postgres] [--processes=2]
//
// Two production builds (or one build with two sets of Node flags or settings) compared pair by pair. On a shared host the
// full bench's figures move by 10 to 30 % between runs, more than most single changes gain, so a change is
// judged here: both servers run at once on copies of one filled data dir (the bench's data set), and each
// round loads A, B, B, A (B, A, A, B the next round) for a few seconds each. A slow spell of the host then
// lands on both sides. Reported per route: CPU per request (user + system of the server's process, every
// thread), requests per second, and the median over rounds of B's figure over A's in the same round.
// Build a variant with `BUILD_DIR=build-b npx react-router build` (inside the repository, so that the build
// finds node_modules). Changes to node_modules (patches) cannot be compared this way: both builds share them.
// With --database=postgres each side has its own copy of one filled database (CREATE DATABASE ... TEMPLATE) on the
// server of DATABASE_URL, else the local one, and --processes servers (each round loads a side's servers together,
// connections spread over them, as the full bench's two-process rows do). CPU per request is then the servers'
// alone: the database's share shows in requests per second.
// Read a result against the control: one build against itself (--a=X --b=X) read B/A 0.94 and 1.03 in 6 rounds
// on an EPYC host whose fresh renders moved between 2.9 and 5.5 ms from one run to the next; a change smaller
// than that band needs more rounds, or longer ones, before it is believed.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { LOCAL_PG_URL, throwawayDatabase, type ThrowawayDatabase } from '#db/pg-admin.ts'
import { routeSpecs, runLoad } from './bench/http.ts'
import { cpuMs, startAppServer, type Proc } from './bench/processes.ts'
import { fillDataSet, serverEnv, settingsOf } from './bench/setup.ts'
import { median } from './bench/stats.ts'

const args = new Map(
	process.argv.slice(2).map((a) => {
		const [k, ...v] = a.replace(/^--/, '').split('=')
		return [k!, v.join('=')] as const
	}),
)
const buildA = args.get('a')
const buildB = args.get('b') ?? buildA
if (!buildA) throw new Error('usage: npm run bench:ab -- --a=BUILD_DIR [--b=BUILD_DIR] (see the top of scripts/bench-ab.ts)')
const routes = (args.get('routes') || 'dashboard-new').split(',')
const rounds = Number(args.get('rounds') || 6)
const seconds = Number(args.get('seconds') || 3)
const connections = Number(args.get('connections') || 20)
const database = args.get('database') || 'pglite'
if (database !== 'pglite' && database !== 'postgres') throw new Error('--database: pglite or postgres')
const PG_URL = process.env.DATABASE_URL || LOCAL_PG_URL
const processes = Number(args.get('processes') || 1)
if (!Number.isInteger(processes) || processes < 1 || processes > 4) throw new Error('--processes: 1 to 4')
const PORT = 3600
const DIR = `/tmp/learnchain-bench-ab-${PORT}`
const SECRET = randomBytes(32).toString('hex')

const sideSettings = [settingsOf(args.get('a-env')), settingsOf(args.get('b-env'))]

fs.rmSync(DIR, { recursive: true, force: true })
const base = path.join(DIR, 'data')
const databases: ThrowawayDatabase[] = []
// Every server answers as one public origin (the POST rows carry it as their Origin).
const origin = `http://127.0.0.1:${PORT}`
/** Each side's servers: the side's processes, on its own copy of the data set. */
const sides: Proc[][] = [[], []]
try {
	const t0 = Date.now()
	const basePg = database === 'postgres' ? await throwawayDatabase(PG_URL, 'learnchain_ab') : undefined
	if (basePg) databases.push(basePg)
	const { cookies, targets } = await fillDataSet(basePg ? { databaseUrl: basePg.url } : { dataDir: base }, SECRET, 50)
	console.error(`filled the data set in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
	for (const [i, build] of [buildA, buildB!].entries()) {
		const dataDir = path.join(DIR, `data-${i}`)
		if (basePg) databases.push(await throwawayDatabase(PG_URL, 'learnchain_ab', { template: basePg }))
		else fs.cpSync(base, dataDir, { recursive: true })
		const nodeArgs = (args.get(i ? 'b-node-args' : 'a-node-args') ?? '').split(' ').filter(Boolean)
		const env = {
			...serverEnv({ secret: SECRET, certKey: `0x${randomBytes(32).toString('hex')}`, origin }),
			DATA_DIR: dataDir,
			DATABASE_URL: basePg ? databases.at(-1)!.url : '',
			...sideSettings[i],
		}
		for (let n = 0; n < processes; n++)
			sides[i]!.push(await startAppServer({ port: PORT + 1 + i * processes + n, buildDir: build, env, logDir: DIR, nodeArgs }))
	}
	const specs = routeSpecs(targets, cookies, origin)
	const host = `127.0.0.1:${PORT}`
	for (const key of routes) {
		const spec = specs.find((s) => s.key === key)
		if (!spec) throw new Error(`no route ${key}: one of ${specs.map((s) => s.key).join(', ')}`)
		const cpu: number[][] = [[], []]
		const rps: number[][] = [[], []]
		// Round -1 warms both and is not counted. A new process runs unoptimised code for its first seconds, and
		// a warm-up of 3 s per server before the first counted round left A's first run 10 to 20 % dearer than
		// the rest, enough to read B/A 0.89 for two copies of one build.
		for (let r = -1; r < rounds; r++) {
			for (const i of r % 2 ? [1, 0, 0, 1] : [0, 1, 1, 0]) {
				const side = sides[i]!
				const pids = side.map((s) => s.pid)
				let before = 0
				const run = await runLoad(
					spec,
					side.map((s) => s.url),
					{ connections, duration: seconds, warmup: 1, host, onMeasuredStart: () => (before = cpuMs(pids)) },
				)
				if (run.errors || run.non2xx) throw new Error(`${key} on ${i ? 'B' : 'A'}: ${run.errors} errors, ${run.non2xx} non-2xx`)
				const ms = (cpuMs(pids) - before) / run.requests
				console.error(`  ${key} round ${r < 0 ? 'warm-up' : r + 1} ${i ? 'B' : 'A'}: ${ms.toFixed(2)} ms/request, ${run.requestsPerSec} req/s`)
				if (r < 0) continue
				cpu[i]!.push(ms)
				rps[i]!.push(run.requestsPerSec)
			}
		}
		// Round r's two runs of B over its two runs of A.
		const ratio = (v: number[][]) => median(Array.from({ length: rounds }, (_, r) => (v[1]![2 * r]! + v[1]![2 * r + 1]!) / (v[0]![2 * r]! + v[0]![2 * r + 1]!)))
		console.log(
			`${key}: CPU ${median(cpu[0]!).toFixed(2)} -> ${median(cpu[1]!).toFixed(2)} ms/request (B/A ${ratio(cpu).toFixed(3)}), ` +
				`${median(rps[0]!)} -> ${median(rps[1]!)} req/s (B/A ${ratio(rps).toFixed(3)}); ${rounds} rounds of ${seconds} s at ${connections} connections, ` +
				`${processes} process${processes > 1 ? 'es' : ''} a side on ${database}`,
		)
	}
	for (const [i, side] of sides.entries()) {
		const hwm = side.map((s) => Number(fs.readFileSync(`/proc/${s.pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)?.[1]))
		console.log(`peak RSS ${i ? 'B' : 'A'}: ${hwm.map((kb) => Math.round(kb / 1024)).join(' / ')} MB`)
	}
} finally {
	for (const s of sides.flat()) await s.stop()
	for (const d of databases) await d.drop()
	fs.rmSync(DIR, { recursive: true, force: true })
}
