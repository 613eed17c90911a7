/**
 * 'Reset & Go Home' (spec section 2): clears local and session storage and the cookies a script can reach,
 * then goes to /. Shared by the React screen and the static sign-in pages' island (app/islands/auth.ts).
 */
export function resetAndGoHome() {
	try {
		localStorage.clear()
		sessionStorage.clear()
	} catch {
		// Storage can be disabled; going home still helps.
	}
	for (const c of document.cookie.split(';')) {
		const name = c.split('=')[0]?.trim()
		if (name) document.cookie = `${name}=; Max-Age=0; Path=/`
	}
	window.location.assign('/')
}
