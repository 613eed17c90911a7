import { dateFormat, numberFormat } from '~/features/i18n/formats.ts'

// Every marketing figure comes from here, so a change of cohort date or stipend is one edit.
// Pages format these numbers for the reader's language with the helpers below; copy in the
// locale files takes them as interpolation values, never as literal text.

const months = 6
const stipendMonthlyUsd = 6000

export const program = {
	months,
	stipendMonthlyUsd,
	stipendTotalUsd: months * stipendMonthlyUsd,
	stipendCurrency: 'USDC',
	placementRate: 95,
	investorPlacementRate: 92,
	investorPlacementWindowMonths: 6,
	/** First day of the cohort's month, ISO (UTC). */
	cohort: { start: '2026-04-01', seats: 10 },
	/** Developers graduating for the hiring cycle that starts in the cohort's month. */
	graduatesAvailable: 10,
	hiringCycle: '2026-04-01',
	companyTiers: [
		{ id: 'project', label: 'startHere', featured: false },
		{ id: 'curriculum', label: 'mostPopular', featured: true },
		{ id: 'ecosystem', label: 'fullAccess', featured: false },
	],
	investor: {
		minimumUsd: 10_000,
		currencies: ['USDC', 'USDT'],
		fundLifeYears: 7,
		distributions: 'quarterly',
		managementFeePct: 2,
		performanceFeePct: 20,
		targetIrr: [8, 12],
		paybackYears: [3, 5],
		repaymentCapPct: 10,
		roundTargetUsd: 2_000_000,
	},
	market: { sizeUsd: 1_200_000_000_000, developerShortage: 3_700_000, averageSalaryUsd: 140_000 },
	roadmap: [
		{ quarter: 'Q2', id: 'fundLaunch' },
		{ quarter: 'Q3', id: 'performanceData' },
		{ quarter: 'Q4', id: 'secondaryMarket' },
	],
} as const

export type CompanyTier = (typeof program.companyTiers)[number]

/** "$6,000" / "US$ 6.000". */
function formatUsd(value: number, lang: string) {
	return numberFormat(lang, { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(value)
}

/** "$6K", "$1.2T" / "US$ 6 mil", "US$ 1,2 tri". */
function formatUsdCompact(value: number, lang: string) {
	return numberFormat(lang, {
		style: 'currency',
		currency: 'USD',
		notation: 'compact',
		minimumFractionDigits: 0,
		maximumFractionDigits: 1,
	}).format(value)
}

/** "3.7M" / "3,7 mi". */
function formatCompact(value: number, lang: string) {
	return numberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 }).format(value)
}

/** "10,000" / "10.000". */
export function formatNumber(value: number, lang: string) {
	return numberFormat(lang).format(value)
}

/** "April 2026" / "abril de 2026". */
function formatMonth(isoDate: string, lang: string) {
	return dateFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(isoDate))
}

/** "8-12" with the language's digits. */
function formatRange([from, to]: readonly [number, number], lang: string) {
	return `${formatNumber(from, lang)}-${formatNumber(to, lang)}`
}

/** Interpolation values every landing string may use, formatted for `lang`. */
export function programValues(lang: string) {
	const inv = program.investor
	return {
		months: program.months,
		stipendMonthly: formatUsd(program.stipendMonthlyUsd, lang),
		stipendMonthlyShort: formatUsdCompact(program.stipendMonthlyUsd, lang),
		stipendTotal: formatUsd(program.stipendTotalUsd, lang),
		currency: program.stipendCurrency,
		placementRate: program.placementRate,
		investorPlacementRate: program.investorPlacementRate,
		placementWindow: program.investorPlacementWindowMonths,
		cohortMonth: formatMonth(program.cohort.start, lang),
		seats: program.cohort.seats,
		graduates: program.graduatesAvailable,
		hiringCycle: formatMonth(program.hiringCycle, lang),
		minimum: formatUsd(inv.minimumUsd, lang),
		investorCurrencies: inv.currencies.join('/'),
		fundLife: inv.fundLifeYears,
		managementFee: inv.managementFeePct,
		performanceFee: inv.performanceFeePct,
		irr: formatRange(inv.targetIrr, lang),
		payback: formatRange(inv.paybackYears, lang),
		repaymentCap: inv.repaymentCapPct,
		round: formatUsdCompact(inv.roundTargetUsd, lang),
		marketSize: formatUsdCompact(program.market.sizeUsd, lang),
		shortage: formatCompact(program.market.developerShortage, lang),
		averageSalary: formatUsdCompact(program.market.averageSalaryUsd, lang),
	}
}

export type ProgramValues = ReturnType<typeof programValues>
