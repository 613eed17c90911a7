// RFC 4180 CSV with a guard against formula injection: spreadsheet apps run a cell that starts
// with = + - @ (or a tab / carriage return before them), so such cells get a leading apostrophe.

const FORMULA_START = /^[=+\-@\t\r]/

export type CsvValue = string | number | boolean | Date | null | undefined

export function csvCell(value: CsvValue): string {
	if (value === null || value === undefined) return ''
	let text = value instanceof Date ? value.toISOString() : String(value)
	if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
	return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvRow(values: readonly CsvValue[]): string {
	return values.map(csvCell).join(',')
}

/** Header plus rows, CRLF line ends, with a BOM so spreadsheet apps read UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
	return `\uFEFF${[csvRow(header), ...rows.map(csvRow)].join('\r\n')}\r\n`
}
