import { expect, it } from 'vitest'
import { disableFeaturesSwitch, playwrightDisabledFeatures, withoutBrowserUi } from './chromium-args.ts'

it("reads the installed Playwright's own disabled features", () => {
	const names = playwrightDisabledFeatures()
	// Two Playwright has turned off for years, and that the e2e suite relies on: HTTP stays HTTP, first paints are not held.
	expect(names).toEqual(expect.arrayContaining(['HttpsUpgrades', 'PaintHolding']))
	expect(names.every((n) => /^[A-Za-z0-9]+$/.test(n))).toBe(true)
})

it('names both lists in one switch, each feature once', () => {
	const value = disableFeaturesSwitch(['PaintHolding', 'WebUIOmniboxPopup']).split('=')[1]!.split(',')
	expect(value).toEqual(['PaintHolding', ...withoutBrowserUi])
})

it('skips commented-out names and stops a run whose Playwright moved the list', () => {
	const bundle = `disabledFeatures = [\n  // "Commented"\n  "A",\n  // why B\n  "B"\n].filter(Boolean);`
	expect(playwrightDisabledFeatures(bundle)).toEqual(['A', 'B'])
	expect(() => playwrightDisabledFeatures('nothing here')).toThrow(/update tests\/support\/chromium-args.ts/)
})
