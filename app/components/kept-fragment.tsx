import { createContext, createElement, useContext, type ReactNode } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'

/**
 * What a server render asks of its kept fragments (lib/kept-fragments.server.ts): a number naming either HTML
 * kept for this key (`hit`) or a slot the render fills (`fill`). In the browser there is none: a kept fragment
 * is its children, so hydration walks the same tree the server's HTML was first rendered from.
 */
export type FragmentSink = { take(key: string): { hit: number } | { fill: number } }
export const FragmentContext = createContext<FragmentSink | null>(null)

/**
 * A part of a page whose HTML is a function of `deps` and the language alone, rendered once and reused by
 * every later render that asks for the same (this learner's or another's). Rules, checked by
 * kept-fragments.server.test.tsx and by every end-to-end page (KEPT_FRAGMENTS_CHECK renders each page both ways):
 * - everything the children read is in `deps`, or is the language: no other context, no time, no random;
 * - the children start and end with an element (text at either edge would merge with a neighbour's);
 * - no `useId` whose value reaches the HTML, since an id depends on where the render that made it was.
 * Children given as a function are made only when the part is rendered: a part that was kept costs its key alone,
 * not the elements of a long list built to be thrown away.
 */
export function KeptFragment({ id, deps, children }: { id: string; deps: readonly unknown[]; children: ReactNode | (() => ReactNode) }) {
	const sink = useContext(FragmentContext)
	const { i18n } = useTranslation()
	const made = () => (typeof children === 'function' ? children() : children)
	if (!sink) return made()
	const slot = sink.take(`${id}\0${i18n.language}\0${JSON.stringify(deps)}`)
	if ('hit' in slot) return createElement('kept-fragment', { 'data-hit': slot.hit })
	// A fragment inside this one is rendered as its children: the outer one keeps them all.
	return createElement('kept-fragment', { 'data-fill': slot.fill }, <FragmentContext.Provider value={null}>{made()}</FragmentContext.Provider>)
}
