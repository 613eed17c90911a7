import { Common, Hardfork, Mainnet } from '@ethereumjs/common'
import { createEVM, type EVM, type ExecResult, type PrecompileInput } from '@ethereumjs/evm'
import { Account, createAddressFromString, createZeroAddress, hexToBytes } from '@ethereumjs/util'
import { decodeAbiParameters, toFunctionSelector, type Hex } from 'viem'
import { CHALLENGE_LIMITS, type TestResult } from '../types.ts'
import type { CompiledContract } from './compile.server.ts'
import { decodeRevert, type Selectors } from './revert.ts'

// Running a compiled test contract: deploy it, call setUp(), then each test*() from the state setUp left
// (a state checkpoint reverted after every test), each with its own gas limit. Two cheatcodes are answered
// by a precompile at Foundry's cheatcode address: warp (block.timestamp) and expectEmit.

const CHEATCODES = createAddressFromString('0x7109709ECfa91a80626fF3989D68f67F5b1DD12D')
const SENDER = createAddressFromString('0x1000000000000000000000000000000000000001')
const ETHER = 10n ** 18n
const START_TIME = 1_767_225_600n // 2026-01-01, so time-lock tests start from a realistic clock

const WARP = toFunctionSelector('warp(uint256)')
const EXPECT_EMIT = toFunctionSelector('expectEmit(address,bytes32[],bytes)')

type Expected = { emitter: string; topics: string[]; data: string }
/** One call's state: the block clock vm.warp moves, expected events, and the first out-of-gas or stack overflow inside it. */
type RunState = { header: { timestamp: bigint } & Record<string, unknown>; expected: Expected[]; halt?: 'out of gas' | 'stack overflow' }

const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`

function cheatcodes(state: { current: RunState | null }) {
	return (input: PrecompileInput): ExecResult => {
		const data = hex(input.data)
		const run = state.current
		if (run && data.startsWith(WARP)) {
			const [time] = decodeAbiParameters([{ type: 'uint256' }], `0x${data.slice(10)}` as Hex)
			run.header.timestamp = time
		} else if (run && data.startsWith(EXPECT_EMIT)) {
			const [emitter, topics, payload] = decodeAbiParameters([{ type: 'address' }, { type: 'bytes32[]' }, { type: 'bytes' }], `0x${data.slice(10)}` as Hex)
			run.expected.push({ emitter: emitter.toLowerCase(), topics: topics.map((t) => t.toLowerCase()), data: payload.toLowerCase() })
		}
		return { executionGasUsed: 100n, returnValue: new Uint8Array() }
	}
}

function headerAt(timestamp: bigint) {
	return {
		header: {
			number: 1n,
			coinbase: createZeroAddress(),
			timestamp,
			difficulty: 0n,
			prevRandao: new Uint8Array(32),
			gasLimit: 60_000_000n,
			baseFeePerGas: 0n,
			slotNumber: 0n,
			getBlobGasPrice: () => 1n,
		},
	}
}

async function newEvm(state: { current: RunState | null }): Promise<EVM> {
	const common = new Common({ chain: Mainnet, hardfork: Hardfork.Cancun })
	const evm = await createEVM({ common, customPrecompiles: [{ address: CHEATCODES, function: cheatcodes(state) }] })
	// Solidity checks the callee has code before an interface call: give the cheatcode address one byte.
	await evm.stateManager.putCode(CHEATCODES, new Uint8Array([0x00]))
	await evm.stateManager.putAccount(SENDER, new Account(0n, 1_000_000n * ETHER))
	// A loop or a recursion inside a called contract surfaces as a bare revert in the caller: remember why.
	evm.events.on('afterMessage', (result) => {
		const error = result.execResult.exceptionError?.error
		if (state.current && (error === 'out of gas' || error === 'stack overflow')) state.current.halt ??= error
	})
	return evm
}

function failureOf(exec: ExecResult, selectors: Selectors, gasLimit: bigint, halt?: RunState['halt']): { reason: string; kind: TestResult['kind'] } {
	let error = exec.exceptionError?.error
	if (error === 'revert' && exec.returnValue.length === 0 && halt) error = halt
	if (error === 'revert') return decodeRevert(exec.returnValue, selectors)
	if (error === 'out of gas') return { reason: `out of gas (limit ${gasLimit.toLocaleString('en-US')})`, kind: 'outOfGas' }
	if (error === 'stack overflow') return { reason: 'stack overflow (recursion too deep)', kind: 'stackOverflow' }
	return { reason: error ?? 'failed', kind: 'invalid' }
}

function missingEvent(run: RunState, logs: ExecResult['logs'], selectors: Selectors): string | null {
	const seen = (logs ?? []).map(([address, topics, data]) => ({
		emitter: hex(address),
		topics: topics.map(hex),
		data: hex(data),
	}))
	for (const e of run.expected) {
		const found = seen.some(
			(l) => l.emitter === e.emitter && l.data === e.data && l.topics.length === e.topics.length && l.topics.every((t, i) => t === e.topics[i]),
		)
		if (!found) return `expected event ${selectors.events.get(e.topics[0] ?? '') ?? e.topics[0] ?? '(anonymous)'} from ${e.emitter} was not emitted`
	}
	return null
}

/** Every test of one test contract, in source order. */
export async function runTestContract(contract: CompiledContract, order: string[], selectors: Selectors): Promise<TestResult[] | { deployFailed: string }> {
	const state: { current: RunState | null } = { current: null }
	const evm = await newEvm(state)
	const block = headerAt(START_TIME)
	const setUpState: RunState = { header: block.header, expected: [] }
	state.current = setUpState
	const deployed = await evm.runCall({
		caller: SENDER,
		data: hexToBytes(`0x${contract.bytecode}`),
		gasLimit: CHALLENGE_LIMITS.setUpGas,
		block: block as never,
		value: 0n,
	})
	if (deployed.execResult.exceptionError || !deployed.createdAddress) {
		return { deployFailed: failureOf(deployed.execResult, selectors, CHALLENGE_LIMITS.setUpGas, setUpState.halt).reason }
	}
	const target = deployed.createdAddress
	// Ether for vault and payment challenges: the test contract starts with 100.
	const account = (await evm.stateManager.getAccount(target))!
	account.balance += 100n * ETHER
	await evm.stateManager.putAccount(target, account)

	const call = (name: string, gasLimit: bigint, at: { header: RunState['header'] }) =>
		evm.runCall({ caller: SENDER, to: target, data: hexToBytes(toFunctionSelector(`${name}()`)), gasLimit, block: at as never })

	const names = contract.abi.filter((f) => f.type === 'function' && f.name?.startsWith('test') && !f.inputs?.length).map((f) => f.name!)
	const tests = [...names].sort((a, b) => (order.indexOf(a) + 1 || 1e9) - (order.indexOf(b) + 1 || 1e9))
	const hasSetUp = contract.abi.some((f) => f.type === 'function' && f.name === 'setUp' && !f.inputs?.length)
	if (hasSetUp) {
		const setUp = await call('setUp', CHALLENGE_LIMITS.setUpGas, block)
		if (setUp.execResult.exceptionError) {
			const why = failureOf(setUp.execResult, selectors, CHALLENGE_LIMITS.setUpGas, setUpState.halt)
			return tests.map((name) => ({ name, passed: false, gasUsed: 0, reason: `setUp() failed: ${why.reason}`, kind: 'setUp' }))
		}
	}
	const results: TestResult[] = []
	for (const name of tests) {
		const run: RunState = { header: { ...block.header }, expected: [] }
		const testBlock = { header: run.header }
		state.current = run
		await evm.stateManager.checkpoint()
		const r = await call(name, CHALLENGE_LIMITS.testGas, testBlock)
		await evm.stateManager.revert()
		const gasUsed = Number(r.execResult.executionGasUsed)
		if (r.execResult.exceptionError) {
			const why = failureOf(r.execResult, selectors, CHALLENGE_LIMITS.testGas, run.halt)
			results.push({
				name,
				passed: false,
				gasUsed,
				reason: why.reason,
				kind: why.kind === 'revert' && /: got .*, expected /.test(why.reason) ? 'assertion' : why.kind,
			})
			continue
		}
		const missing = missingEvent(run, r.execResult.logs, selectors)
		results.push(missing ? { name, passed: false, gasUsed, reason: missing, kind: 'event' } : { name, passed: true, gasUsed, reason: null, kind: null })
	}
	return results
}
