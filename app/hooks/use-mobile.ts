import * as React from 'react'

const MOBILE_BREAKPOINT = 768
const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`

function subscribe(onChange: () => void) {
	const mql = window.matchMedia(MOBILE_QUERY)
	mql.addEventListener('change', onChange)
	return () => mql.removeEventListener('change', onChange)
}

function getSnapshot() {
	return window.matchMedia(MOBILE_QUERY).matches
}

// During SSR (and hydration) we cannot know the viewport, so assume desktop.
function getServerSnapshot() {
	return false
}

export function useIsMobile() {
	return React.useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)
}
