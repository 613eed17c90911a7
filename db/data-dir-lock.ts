import fs from 'node:fs'
import path from 'node:path'

/**
 * PGlite has no server process of its own: two processes opening one data directory would both
 * write to it and corrupt it. The first process to open it holds this lock file (its pid); the
 * others are refused with a message naming the holder. A lock left by a process that died (kill -9,
 * power loss) is taken over, since that process writes nothing any more.
 */
export function lockDataDir(pgDir: string): () => void {
	const file = path.join(path.dirname(pgDir), `${path.basename(pgDir)}.lock`)
	for (let attempt = 0; attempt < 3; attempt++) {
		try {
			fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 })
			return () => {
				try {
					if (readPid(file) === process.pid) fs.rmSync(file, { force: true })
				} catch {
					// Already gone.
				}
			}
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
			const holder = readPid(file)
			if (holder && holder !== process.pid && alive(holder)) {
				throw new Error(`The database in ${pgDir} is in use by process ${holder}. Stop it first (PGlite allows one process per data directory).`)
			}
			fs.rmSync(file, { force: true })
		}
	}
	throw new Error(`Could not lock ${pgDir}`)
}

function readPid(file: string): number | null {
	const pid = Number(fs.readFileSync(file, 'utf8').trim())
	return Number.isInteger(pid) && pid > 0 ? pid : null
}

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0)
		return true
	} catch (error) {
		// EPERM: it exists but belongs to someone else.
		return (error as NodeJS.ErrnoException).code === 'EPERM'
	}
}
