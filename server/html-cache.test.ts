import { describe, expect, it } from 'vitest'
import { staticPagePaths, themeOf } from './html-cache.ts'

const routes = {
	root: { id: 'root', path: '', module: {} },
	landing: { id: 'landing', parentId: 'root', module: { handle: { hydrate: false } } },
	home: { id: 'home', parentId: 'landing', index: true, module: {} },
	companies: { id: 'companies', parentId: 'landing', path: 'companies', module: {} },
	hidden: { id: 'hidden', parentId: 'landing', path: 'old/hidden/index', module: {} },
	param: { id: 'param', parentId: 'landing', path: 'p/:id', module: {} },
	login: { id: 'login', parentId: 'root', path: 'login', module: {} },
	dashboard: { id: 'dashboard', parentId: 'root', path: 'dashboard', module: { handle: { breadcrumbs: () => [] } } },
}

describe('staticPagePaths', () => {
	it('lists the static routes under a hydrate:false handle, never hydrated pages or pages with params', () => {
		expect([...staticPagePaths(routes)].sort()).toEqual(['/', '/companies', '/old/hidden/index'])
	})
})

describe('themeOf', () => {
	it('keys the cached page by the chosen theme, and anything else as following the system', () => {
		expect(themeOf('app_language=pt-BR; app_theme=dark')).toBe('dark')
		expect(themeOf('app_theme=light')).toBe('light')
		expect(themeOf('app_theme=system')).toBe('system')
		expect(themeOf('app_theme=dark2; x=1')).toBe('system')
		expect(themeOf('my_app_theme=dark')).toBe('system')
		// Percent-encoded: the page renders it dark, so the key must say dark too (never a dark page under "system").
		expect(themeOf('app_theme=%64ark')).toBe('dark')
		expect(themeOf(undefined)).toBe('system')
	})
})
