/**
 * The address of the page a request is for. React Router hands loaders and actions the request as it came
 * (`future.v8_passThroughRequests`, react-router.config.ts): a navigation inside the app asks for the page's
 * data at `/dashboard.data` (`/_root.data` for `/`), with `_routes` naming the loaders to run, and a form
 * posted to an index route carries `?index`. This is the page's own address, as the framework itself reads it
 * (its getNormalizedPath, and the `index` it drops): what redirects, return paths and query parsing use.
 */
export function pageUrl(request: Request): URL {
	const url = new URL(request.url)
	if (url.pathname.endsWith('.data')) {
		url.pathname = url.pathname === '/_root.data' ? '/' : url.pathname.slice(0, -'.data'.length)
		if (url.pathname !== '/' && url.pathname.endsWith('/')) url.pathname = url.pathname.slice(0, -1)
	}
	// Only when there: deleting re-encodes the whole query (`%20` becomes `+`).
	if (url.searchParams.has('_routes')) url.searchParams.delete('_routes')
	// A bare `index` is the framework's; one with a value is the page's own.
	if (url.searchParams.getAll('index').includes('')) {
		const kept = url.searchParams.getAll('index').filter(Boolean)
		url.searchParams.delete('index')
		for (const value of kept) url.searchParams.append('index', value)
	}
	return url
}
