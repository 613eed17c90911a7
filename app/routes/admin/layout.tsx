import { Outlet } from 'react-router'
import { requireAdmin } from '~/features/auth/session.server.ts'
import type { Route } from './+types/layout'

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return null
}

export default function AdminLayout() {
	return <Outlet />
}
