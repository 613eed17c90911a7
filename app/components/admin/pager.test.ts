import { describe, expect, it } from 'vitest'
import { pageWindow } from './pager'

describe('pageWindow', () => {
	it('offers the first, the last and two pages either side of the current one, with gaps marked', () => {
		expect(pageWindow(1, 1)).toEqual([1])
		expect(pageWindow(2, 3)).toEqual([1, 2, 3])
		expect(pageWindow(1, 10)).toEqual([1, 2, 3, null, 10])
		expect(pageWindow(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12])
		expect(pageWindow(12, 12)).toEqual([1, null, 10, 11, 12])
		expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
	})
})
