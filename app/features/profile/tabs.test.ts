import { describe, expect, it } from 'vitest'
import { profileTabFrom, profileTabs, searchWithTab, tabAfterKey } from './tabs.ts'

describe('profileTabFrom', () => {
	it('reads the section from the address', () => {
		expect(profileTabFrom('?tab=wallet')).toBe('wallet')
		expect(profileTabFrom(new URLSearchParams('tab=career&x=1'))).toBe('career')
	})
	it('opens the first section for a missing or unknown tab', () => {
		expect(profileTabFrom('')).toBe('personal')
		expect(profileTabFrom('?tab=admin')).toBe('personal')
		expect(profileTabFrom('?tab=Wallet')).toBe('personal')
		expect(profileTabFrom('?tab=constructor')).toBe('personal')
	})
	it('opens the wallet for the old #wallet and #certificates anchors, unless a tab is named', () => {
		expect(profileTabFrom('', '#wallet')).toBe('wallet')
		expect(profileTabFrom('', '#certificates')).toBe('wallet')
		expect(profileTabFrom('?tab=career', '#wallet')).toBe('career')
		expect(profileTabFrom('', '#top')).toBe('personal')
	})
})

describe('searchWithTab', () => {
	it('sets the tab and keeps other parameters', () => {
		expect(searchWithTab('', 'wallet')).toBe('?tab=wallet')
		expect(searchWithTab('?tab=career&ref=mail', 'wallet')).toBe('?tab=wallet&ref=mail')
	})
	it('leaves the first section without a parameter', () => {
		expect(searchWithTab('?tab=wallet', 'personal')).toBe('')
		expect(searchWithTab('?ref=mail&tab=wallet', 'personal')).toBe('?ref=mail')
	})
	it('round-trips every section', () => {
		for (const tab of profileTabs) expect(profileTabFrom(searchWithTab('', tab))).toBe(tab)
	})
})

describe('tabAfterKey', () => {
	const tabs = ['a', 'b', 'c'] as const
	it('moves forward and back on both arrow axes', () => {
		expect(tabAfterKey(tabs, 'a', 'ArrowRight')).toBe('b')
		expect(tabAfterKey(tabs, 'a', 'ArrowDown')).toBe('b')
		expect(tabAfterKey(tabs, 'b', 'ArrowLeft')).toBe('a')
		expect(tabAfterKey(tabs, 'b', 'ArrowUp')).toBe('a')
	})
	it('wraps at both ends', () => {
		expect(tabAfterKey(tabs, 'c', 'ArrowDown')).toBe('a')
		expect(tabAfterKey(tabs, 'a', 'ArrowUp')).toBe('c')
	})
	it('jumps with Home and End', () => {
		expect(tabAfterKey(tabs, 'b', 'Home')).toBe('a')
		expect(tabAfterKey(tabs, 'b', 'End')).toBe('c')
	})
	it('ignores other keys and unknown tabs', () => {
		expect(tabAfterKey(tabs, 'a', 'Enter')).toBeUndefined()
		expect(tabAfterKey(tabs, 'a', 'Tab')).toBeUndefined()
		expect(tabAfterKey(tabs, 'z' as never, 'ArrowDown')).toBeUndefined()
	})
})
