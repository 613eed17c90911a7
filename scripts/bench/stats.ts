// The figures the bench scripts summarise their samples with.

/** The median (the mean of the middle two for an even count); NaN for none. */
export function median(values: number[]) {
	const s = [...values].sort((a, b) => a - b)
	if (!s.length) return Number.NaN
	return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

/** The `p`th percentile of the values (nearest rank), in whole units; 0 for none. */
export function percentile(values: number[], p: number) {
	const sorted = [...values].sort((a, b) => a - b)
	return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0)
}
