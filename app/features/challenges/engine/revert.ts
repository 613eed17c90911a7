import { decodeAbiParameters, toEventSelector, toFunctionSelector, type Hex } from 'viem'
import type { FailureKind } from '../types.ts'

// Revert data as a learner reads it: Error(string) as its text, Panic(uint256) as what the code means,
// a custom error by its name and arguments (found in the compiled ABIs), anything else as hex.

type AbiParam = { type: string; name: string; components?: unknown[] }
type AbiLike = { type: string; name?: string; inputs?: AbiParam[] }

const PANICS: Record<number, string> = {
	0x01: 'assert(false)',
	0x11: 'arithmetic overflow or underflow',
	0x12: 'division or modulo by zero',
	0x21: 'invalid enum value',
	0x22: 'invalid storage byte array',
	0x31: 'pop() on an empty array',
	0x32: 'array index out of bounds',
	0x41: 'out of memory',
	0x51: 'call to an uninitialised internal function',
}

const signature = (item: AbiLike) => `${item.name}(${(item.inputs ?? []).map((i) => canonical(i)).join(',')})`
function canonical(p: AbiParam): string {
	if (!p.type.startsWith('tuple')) return p.type
	return `(${((p.components ?? []) as AbiParam[]).map(canonical).join(',')})${p.type.slice('tuple'.length)}`
}

export type Selectors = { errors: Map<string, AbiLike>; events: Map<string, string> }

/** Custom errors by selector and events by topic, from every compiled ABI. */
export function selectorsOf(abis: AbiLike[][]): Selectors {
	const errors = new Map<string, AbiLike>()
	const events = new Map<string, string>()
	for (const abi of abis)
		for (const item of abi) {
			if (item.type === 'error') errors.set(toFunctionSelector(signature(item)), item)
			if (item.type === 'event') events.set(toEventSelector(signature(item)), signature(item))
		}
	return { errors, events }
}

const show = (v: unknown): string => (typeof v === 'bigint' ? v.toString() : Array.isArray(v) ? `[${v.map(show).join(', ')}]` : String(v))

export function decodeRevert(data: Uint8Array, selectors: Selectors): { reason: string; kind: FailureKind } {
	const hex = `0x${Buffer.from(data).toString('hex')}` as Hex
	if (data.length === 0) return { reason: 'reverted without a reason', kind: 'revert' }
	const selector = hex.slice(0, 10)
	const body = `0x${hex.slice(10)}` as Hex
	try {
		if (selector === '0x08c379a0') {
			const [text] = decodeAbiParameters([{ type: 'string' }], body)
			return { reason: text, kind: 'revert' }
		}
		if (selector === '0x4e487b71') {
			const [code] = decodeAbiParameters([{ type: 'uint256' }], body)
			const n = Number(code)
			return { reason: `panic 0x${n.toString(16).padStart(2, '0')}: ${PANICS[n] ?? 'unknown panic code'}`, kind: 'panic' }
		}
		const error = selectors.errors.get(selector)
		if (error) {
			const args = decodeAbiParameters((error.inputs ?? []) as AbiParam[], body)
			return { reason: `${error.name}(${args.map(show).join(', ')})`, kind: 'customError' }
		}
	} catch {
		// Malformed data for its selector: shown raw below.
	}
	return { reason: `reverted with data ${hex.length > 138 ? `${hex.slice(0, 138)}…` : hex}`, kind: 'revert' }
}
