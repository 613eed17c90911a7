import { demoPath } from './demo.ts'

// The pages a11y.spec.ts checks with every WCAG rule (colour contrast included) in the default, light theme
// and both languages. dark-mode.spec.ts reads the same lists, so its light-mode contrast pass skips exactly
// these and a page dropped here goes back into that pass.

/** The pages Lighthouse scores, plus the other sign-in pages that share their layout. */
export const landingPages = ['/', '/companies', '/investors', '/login', '/signup', '/forgot-password']

const profileTabs = ['personal', 'professional', 'progress', 'career', 'wallet']

/** Pages outside the landings, read signed in as the demo learner. */
export const otherPages = () => [
	`/paths/${demoPath('Blockchain & Web3 Foundations').id}`,
	'/certificates/verify',
	'/no-such-page',
	...profileTabs.map((tab) => `/dashboard/profile?tab=${tab}`),
]
