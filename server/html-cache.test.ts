import { describe, expect, it } from 'vitest'
import { staticPagePaths } from './html-cache.ts'

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
