import { getAuth } from '~/features/auth/auth.server.ts'
import type { Route } from './+types/auth'

// Better Auth's own endpoints: OAuth redirects and callbacks, email verification and reset links.
export async function loader({ request }: Route.LoaderArgs) {
	return (await getAuth()).handler(request)
}

export async function action({ request }: Route.ActionArgs) {
	return (await getAuth()).handler(request)
}
