import { getDbHandle } from '~/lib/db.server.ts'

export async function loader() {
	try {
		const handle = await getDbHandle()
		await handle.ping()
		return Response.json({ status: 'ready', database: handle.kind }, { headers: { 'Cache-Control': 'no-store' } })
	} catch {
		return Response.json({ status: 'unavailable' }, { status: 503, headers: { 'Cache-Control': 'no-store' } })
	}
}
