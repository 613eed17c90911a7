/**
 * 'Reset & Go Home' (spec section 2): clears local and session storage and the cookies a script can reach,
 * then goes to /. Shared by the React screen and the static sign-in pages' island (app/islands/auth.ts).
 */
export function resetAndGoHome() {
	clearClientState()
	window.location.assign('/')
}

/** Local and session storage and every cookie a script can reach; also what sign-out leaves behind it. */
export function clearClientState() {
	try {
		localStorage.clear()
		sessionStorage.clear()
	} catch {
		// Storage can be disabled; what the server forgets is what matters.
	}
	for (const c of document.cookie.split(';')) {
		const name = c.split('=')[0]?.trim()
		if (name) document.cookie = `${name}=; Max-Age=0; Path=/`
	}
}
