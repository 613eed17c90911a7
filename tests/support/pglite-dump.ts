import fs from 'node:fs'
import type { PGlite } from '@electric-sql/pglite'

/** Writes PGlite's data directory to `file` (an uncompressed tar), for openDatabase's `template`. */
export async function dumpDataDir(pg: PGlite, file: string) {
	fs.writeFileSync(file, new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer()))
	return file
}
