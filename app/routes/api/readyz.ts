import { connectionFault } from '#db/faults.ts'
import { getDbHandle } from '~/lib/db.server.ts'

const headers = { 'Cache-Control': 'no-store' }

/** 200 when the database answers; 503 with the reason while it is away (the process itself stays up: /healthz). */
export async function loader() {
	try {
		const handle = await getDbHandle()
		await handle.ping()
		return Response.json({ status: 'ready', database: handle.kind }, { headers })
	} catch (error) {
		const reason = connectionFault(error)?.cause ?? 'database not ready'
		return Response.json({ status: 'unavailable', reason }, { status: 503, headers })
	}
}
