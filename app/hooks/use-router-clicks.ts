import type { MouseEvent } from 'react'
import { useNavigate } from 'react-router'

// A <Link> resolves its path and reads the location and the navigation on every server render (issue 21:
// about 20 µs a link, 5 to 8 % of a fresh signed-in page with the dashboard's dozen). In the signed-in area
// a link to an absolute path is a plain <a {...ROUTER_LINK}> instead, and the dashboard's layout hands its
// plain left clicks to the router, as a <Link> would. A <Link> stays where one of its own features is used:
// a relative path, preventScrollReset. Keyboard use needs nothing more: Enter on a focused link is a click,
// which bubbles to the layout (through portals too: React's events follow the component tree).

/** The attribute that marks a plain link whose plain left clicks go to the router. */
export const ROUTER_LINK = { 'data-router': '' } as const

/** The click handler of the element around plain router links (`ROUTER_LINK`): the dashboard's layout. */
export function useRouterClicks() {
	const navigate = useNavigate()
	return (event: MouseEvent) => {
		if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
		const link = (event.target as Element).closest('a[data-router]')
		const href = link?.getAttribute('href')
		if (!href || (link!.getAttribute('target') ?? '_self') !== '_self') return
		event.preventDefault()
		navigate(href)
	}
}
