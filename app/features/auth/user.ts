export type SessionUser = {
	id: string
	email: string
	name: string
	image: string | null
	role: string
	emailVerified: boolean
}

/** Display name falls back from the name, to the email's local part, to 'User'. */
export function displayName(user: Pick<SessionUser, 'name' | 'email'> | null | undefined) {
	const name = user?.name?.trim()
	if (name) return name
	const local = user?.email?.split('@')[0]?.trim()
	return local || 'User'
}

/** Avatar fallback: the first two letters of the email in upper case, or 'U'. */
export function avatarInitials(email: string | null | undefined) {
	const two = email?.trim().slice(0, 2).toUpperCase()
	return two || 'U'
}

export function isAdmin(user: Pick<SessionUser, 'role'> | null | undefined) {
	return Boolean(user?.role?.split(',').includes('admin'))
}
