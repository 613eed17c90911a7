// The process is up and serving; says nothing about the database (see /readyz).
export function loader() {
	return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
}
