import { readCookie } from '~/lib/cookies.ts'
import { getEnv } from '~/lib/env.server.ts'

// Test-only: make one section of the learning area fail, to prove the rest of the page (and the app frame)
// survives it. Off unless TEST_SECTION_FAULTS is set, which production sites refuse (app/lib/env.server.ts).
// The test names the failing sections in a `test_fault` cookie: 'paths', 'stats', 'habits', ... (comma-separated).

export const SECTIONS = ['paths', 'stats', 'habits', 'resume', 'challenges', 'explore', 'path', 'course', 'enroll', 'complete'] as const
export type Section = (typeof SECTIONS)[number]

class SectionFault extends Error {
	constructor(section: Section) {
		super(`injected fault: ${section}`)
		this.name = 'SectionFault'
	}
}

/** Throws when the test switch is on and the request asks this section to fail. */
export function failIfAsked(request: Request, section: Section) {
	if (!getEnv().TEST_SECTION_FAULTS) return
	const asked = readCookie(request.headers.get('cookie'), 'test_fault')?.split(',') ?? []
	if (asked.includes(section)) throw new SectionFault(section)
}
