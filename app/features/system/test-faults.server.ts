import { readCookie } from '~/lib/cookies.ts'
import { getEnv } from '~/lib/env.server.ts'

/**
 * Test-only faults for the e2e specs of the error screens (tests/e2e/shell.spec.ts): a `test_fault=auth`
 * cookie breaks the sign-in page's loader; the browser's render fault is in app/root.tsx. They exist only where /dev/error does: TEST_ERROR_ROUTE set and the outbox on
 * (never a real mail server), so a production site refuses them whatever cookie a visitor sends.
 */
function testFaultsEnabled() {
	const env = getEnv()
	return env.TEST_ERROR_ROUTE && env.outboxEnabled
}

/** Throws the way a broken sign-in service would, when the request asks for fault `name`. */
export function throwTestFault(request: Request, name: 'auth') {
	if (!testFaultsEnabled()) return
	if (readCookie(request.headers.get('cookie'), 'test_fault') === name) throw new Error('Failed to fetch (test fault)')
}
