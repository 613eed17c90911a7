import { assertOutboxEnabled } from '~/features/mail/outbox.server.ts'
import { getEnv } from '~/lib/env.server.ts'

// Test-only: fails the way a broken query would, so a test can check that a production error page
// shows neither the message nor the stack. Exists only with the outbox on and TEST_ERROR_ROUTE set.
function fail(): never {
	assertOutboxEnabled()
	if (!getEnv().TEST_ERROR_ROUTE) throw new Response('Not Found', { status: 404 })
	const error = new Error('relation "secret_table" does not exist (SELECT password FROM account WHERE 1=1)')
	error.stack = `${error.message}\n    at query (/srv/learnchain/secret-module.server.ts:42:7)`
	throw error
}

export function loader() {
	return fail()
}

export function action() {
	return fail()
}

export default function DevError() {
	return null
}
