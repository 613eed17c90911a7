import { relativeTimeFormat } from '~/features/i18n/formats.ts'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const MONTH = 30 * DAY
const YEAR = 365 * DAY

/**
 * 'x minutes ago' in the given language, on the usual distance-in-words scale: under 45 seconds is
 * 'now', then minutes, hours, days, months and years.
 */
export function relativeTime(date: Date | string | number, now: Date | string | number, language: string): string {
	const diff = new Date(date).getTime() - new Date(now).getTime()
	const abs = Math.abs(diff)
	const rtf = relativeTimeFormat(language, { numeric: 'auto' })
	const sign = diff < 0 ? -1 : 1
	if (abs < 45 * SECOND) return rtf.format(0, 'second')
	if (abs < 45 * MINUTE) return rtf.format(sign * Math.max(1, Math.round(abs / MINUTE)), 'minute')
	if (abs < 22 * HOUR) return rtf.format(sign * Math.round(abs / HOUR), 'hour')
	if (abs < 26 * DAY) return rtf.format(sign * Math.round(abs / DAY), 'day')
	if (abs < 320 * DAY) return rtf.format(sign * Math.max(1, Math.round(abs / MONTH)), 'month')
	return rtf.format(sign * Math.max(1, Math.round(abs / YEAR)), 'year')
}
