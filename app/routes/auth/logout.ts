import { redirect } from 'react-router'
import { signOut } from '~/features/auth/flows.server.ts'
import type { Route } from './+types/logout'

// Ends the session server-side (the row is deleted) and clears the cookie.
export async function action({ request }: Route.ActionArgs) {
	const headers = await signOut(request)
	throw redirect('/', { headers })
}

export function loader() {
	return redirect('/')
}
