import { describe, expect, it } from 'vitest'
import { pageUrl } from './page-url.ts'

const of = (url: string) => {
	const u = pageUrl(new Request(`http://app.test${url}`))
	return u.pathname + u.search
}

describe('pageUrl', () => {
	it('reads a data request as the page it is for', () => {
		expect(of('/dashboard.data')).toBe('/dashboard')
		expect(of('/_root.data')).toBe('/')
		expect(of('/dashboard/scoreboard.data?period=week&_routes=routes%2Fdashboard%2Fscoreboard')).toBe('/dashboard/scoreboard?period=week')
		expect(of('/dashboard/learn/course/c1.data?lesson=l2')).toBe('/dashboard/learn/course/c1?lesson=l2')
	})

	it("drops the framework's bare index and keeps a page's own", () => {
		expect(of('/dashboard/admin?index')).toBe('/dashboard/admin')
		expect(of('/dashboard/admin?index=&q=x')).toBe('/dashboard/admin?q=x')
		expect(of('/search?index=3&index')).toBe('/search?index=3')
	})

	it('leaves a page address as it is, its query untouched', () => {
		expect(of('/dashboard/scoreboard?period=week')).toBe('/dashboard/scoreboard?period=week')
		expect(of('/dashboard/admin/users?q=a%20b')).toBe('/dashboard/admin/users?q=a%20b')
		expect(of('/data')).toBe('/data')
		expect(of('/')).toBe('/')
	})
})
