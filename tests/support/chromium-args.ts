import fs from 'node:fs'
import { createRequire } from 'node:module'

// Chromium 156 builds parts of its own window as web pages, for every new window and headless too: the address
// bar's popup and its AI-mode variant, preloaded. That is about 400 requests to chrome:// pages per new page, two
// thirds of a renderer's work on a first visit, and nearly every test opens a new context, so a new window.
// Twenty fresh visits to the dashboard: 61.8 CPU-s of Chromium with them, 24.1 without (39 -> 23 s).
export const withoutBrowserUi = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI']

/**
 * The features Playwright itself turns off (HttpsUpgrades, PaintHolding, ...). Chromium keeps only the last
 * `--disable-features` on its command line, and ours comes after Playwright's, so ours must name them too or
 * they would silently come back on. Playwright does not export the list; it is read from its bundle, and a
 * Playwright that no longer has it there stops the run here rather than losing the list.
 */
export function playwrightDisabledFeatures(bundle = readPlaywrightBundle()): string[] {
	const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle)?.[1]
	const names = [...(list ?? '').replace(/\/\/.*$/gm, '').matchAll(/"([A-Za-z0-9]+)"/g)].map((m) => m[1]!)
	if (!names.length) throw new Error("Playwright's default --disable-features list was not found: update tests/support/chromium-args.ts")
	return names
}

function readPlaywrightBundle() {
	return fs.readFileSync(createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'), 'utf8')
}

/** One `--disable-features` switch naming Playwright's features and ours. */
export function disableFeaturesSwitch(playwrights = playwrightDisabledFeatures()): string {
	return `--disable-features=${[...new Set([...playwrights, ...withoutBrowserUi])].join(',')}`
}
