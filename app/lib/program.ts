// Every marketing figure comes from here, so a change of cohort date or stipend is one edit.
export const program = {
	months: 6,
	stipendMonthlyUsd: 6000,
	stipendTotalUsd: 36000,
	placementRate: 95,
	investorPlacementRate: 92,
	cohort: { month: '2026-04', seats: 10 },
	graduatesAvailable: 10,
	investor: {
		minimumUsd: 10000,
		fundLifeYears: 7,
		managementFeePct: 2,
		performanceFeePct: 20,
		targetIrr: [8, 12],
		paybackYears: [3, 5],
		repaymentCapPct: 10,
		roundTargetUsd: 2_000_000,
	},
	market: { size: '$1.2T', developerShortage: '3.7M', averageSalaryUsd: 140000 },
} as const
