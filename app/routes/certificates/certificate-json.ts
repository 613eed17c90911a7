import { certificateFile, getCertificate } from '~/features/certificates/certificates.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import type { Route } from './+types/certificate-json'
import { pageUrl } from '~/lib/page-url.ts'

// GET /certificates/{id}.json: the EIP-712 typed data, the signature and the signer address it must
// recover to, for anyone to verify with their own tools (`?download` saves it as a file).
export async function loader({ params, request }: Route.LoaderArgs) {
	const cert = await getCertificate(params.id)
	if (!cert) return Response.json({ error: 'Certificate not found' }, { status: 404 })
	const headers = new Headers({ 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache', 'Access-Control-Allow-Origin': '*' })
	if (pageUrl(request).searchParams.has('download')) {
		headers.set('Content-Disposition', `attachment; filename="certificate-${cert.id}.json"`)
	}
	return new Response(`${JSON.stringify(certificateFile(cert, getEnv().APP_URL), null, 2)}\n`, { headers })
}
