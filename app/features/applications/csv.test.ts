import { describe, expect, it } from 'vitest'
import { csvCell, csvRow, toCsv } from './csv.ts'

describe('csvCell', () => {
	it('leaves plain text alone and writes nothing for null', () => {
		expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace')
		expect(csvCell(null)).toBe('')
		expect(csvCell(undefined)).toBe('')
		expect(csvCell(42)).toBe('42')
	})
	it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
		expect(csvCell('Acme, Inc.')).toBe('"Acme, Inc."')
		expect(csvCell('say "hi"')).toBe('"say ""hi"""')
		expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"')
		expect(csvCell('a\r\nb')).toBe('"a\r\nb"')
	})
	it('neutralises cells a spreadsheet would run as a formula', () => {
		expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`)
		expect(csvCell('+1+1')).toBe("'+1+1")
		expect(csvCell('-2+3')).toBe("'-2+3")
		expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
		expect(csvCell('\t=1')).toBe("'\t=1")
		expect(csvCell('\r=1')).toBe(`"'\r=1"`)
	})
	it('does not touch numbers and formats dates as ISO', () => {
		expect(csvCell(-5)).toBe('-5')
		expect(csvCell(new Date('2026-04-01T00:00:00Z'))).toBe('2026-04-01T00:00:00.000Z')
	})
})

describe('toCsv', () => {
	it('writes a BOM, the header and CRLF-separated rows', () => {
		expect(csvRow(['a', 'b,c'])).toBe('a,"b,c"')
		expect(
			toCsv(
				['name', 'email'],
				[
					['Ada', 'ada@example.com'],
					['=cmd', null],
				],
			),
		).toBe("\uFEFFname,email\r\nAda,ada@example.com\r\n'=cmd,\r\n")
	})
})
