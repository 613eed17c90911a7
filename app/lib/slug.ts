export const SLUG_MAX_LENGTH = 80

/** One or more lowercase alphanumeric segments joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * A URL slug from a title: lowercase, runs of anything but letters and digits become one hyphen,
 * no hyphen at either end, at most 80 characters. Accents are dropped first so 'Introdução' reads
 * 'introducao' rather than 'introdu-o'.
 */
export function slugify(input: string): string {
	return input
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, SLUG_MAX_LENGTH)
		.replace(/-+$/, '')
}
