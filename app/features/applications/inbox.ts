import type { InboxFilter } from './schemas.ts'
import { dateFormat } from '~/features/i18n/formats.ts'

/** The inbox's query string for a filter (and page), shared by links, pagination and export. */
export function filterSearch(filter: InboxFilter, page?: number) {
	const params = new URLSearchParams()
	if (filter.type) params.set('type', filter.type)
	if (filter.status) params.set('status', filter.status)
	if (filter.q) params.set('q', filter.q)
	if (page && page > 1) params.set('page', String(page))
	const s = params.toString()
	return s ? `?${s}` : ''
}

/** Received date, the same on server and browser (UTC), in the reader's language. */
export function formatReceived(date: Date | string, lang: string) {
	return dateFormat(lang, {
		year: 'numeric',
		month: 'short',
		day: 'numeric',
		hour: '2-digit',
		minute: '2-digit',
		timeZone: 'UTC',
		timeZoneName: 'short',
	}).format(new Date(date))
}
