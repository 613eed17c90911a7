import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { cn } from '~/lib/utils'

// The contract a learner writes in the first month; each step lights up its lines as it
// scrolls past the middle of the screen. Code is code: it is not translated.
const code = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract CohortVault {
    mapping(address => uint256) public balances;
    address public immutable mentor;
    event Deposited(address indexed student, uint256 amount);

    error NotEnrolled(address student);
    modifier onlyEnrolled() {
        if (balances[msg.sender] == 0) revert NotEnrolled(msg.sender);
        _;
    }

    function withdraw(uint256 amount) external onlyEnrolled {
        balances[msg.sender] -= amount; // effects first
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "transfer failed"); // then interactions
    }

    function deposit() external payable {
        balances[msg.sender] += msg.value;
        emit Deposited(msg.sender, msg.value);
    }
}`

const lines = code.split('\n')

/** 1-based, inclusive line ranges per step. */
const steps = [
	{ id: 'state', from: 4, to: 7 },
	{ id: 'guard', from: 9, to: 13 },
	{ id: 'value', from: 15, to: 19 },
	{ id: 'ship', from: 21, to: 24 },
] as const

const keywords = new Set(
	'pragma solidity contract mapping public immutable event indexed error modifier function external payable if revert return returns require emit memory storage'.split(
		' ',
	),
)
const types = new Set('address uint256 bool string bytes32'.split(' '))

/** A tiny Solidity highlighter: enough for one known snippet, no dependency. */
function highlight(line: string): React.ReactNode[] {
	const out: React.ReactNode[] = []
	const re = /(\/\/.*$)|("[^"]*")|(\b\d+(?:\.\d+)*\b)|(\b[A-Za-z_]\w*\b)/g
	let last = 0
	for (const m of line.matchAll(re)) {
		const i = m.index ?? 0
		if (i > last) out.push(line.slice(last, i))
		const [text, comment, str, num, word] = m
		const cls = comment
			? 'text-slate-500 italic'
			: str
				? 'text-emerald-300'
				: num
					? 'text-amber-300'
					: word && keywords.has(word)
						? 'text-fuchsia-300'
						: word && types.has(word)
							? 'text-sky-300'
							: undefined
		out.push(cls ? <span key={i} className={cls}>{text}</span> : text)
		last = i + text.length
	}
	if (last < line.length) out.push(line.slice(last))
	return out
}

function CodeWindow({ fileName, active, from = 1, to = lines.length }: { fileName: string; active?: { from: number; to: number }; from?: number; to?: number }) {
	return (
		<div className="overflow-hidden rounded-xl border border-slate-800 bg-slate-950 shadow-2xl">
			<div className="flex items-center gap-2 border-b border-slate-800 px-4 py-2.5">
				<span className="size-3 rounded-full bg-red-400/80" aria-hidden />
				<span className="size-3 rounded-full bg-amber-400/80" aria-hidden />
				<span className="size-3 rounded-full bg-emerald-400/80" aria-hidden />
				<span className="ml-2 font-mono text-xs text-slate-400">{fileName}</span>
			</div>
			<pre className="overflow-x-auto py-4 font-mono text-[12.5px] leading-6 text-slate-200 sm:text-[13px]">
				<code>
					{lines.slice(from - 1, to).map((line, idx) => {
						const n = from + idx
						const lit = !active || (n >= active.from && n <= active.to)
						return (
							<span
								key={n}
								className={cn(
									'block border-l-2 pr-4 pl-3 transition-[opacity,background-color] duration-300 motion-reduce:transition-none',
									active && lit ? 'border-primary bg-primary/15' : 'border-transparent',
									lit ? 'opacity-100' : 'opacity-35',
								)}
							>
								<span className="mr-4 inline-block w-5 text-right text-slate-600 select-none" aria-hidden>
									{n}
								</span>
								{line ? highlight(line) : ' '}
							</span>
						)
					})}
				</code>
			</pre>
		</div>
	)
}

export function CodeShowcase() {
	const { t } = useTranslation()
	const [active, setActive] = useState(0)
	const stepRefs = useRef<(HTMLLIElement | null)[]>([])
	const fileName = t('landing.student.showcase.fileName')

	useEffect(() => {
		// The step crossing the middle band of the viewport is the active one.
		const observer = new IntersectionObserver(
			(entries) => {
				for (const e of entries) {
					if (e.isIntersecting) setActive(Number((e.target as HTMLElement).dataset.step))
				}
			},
			{ rootMargin: '-45% 0px -45% 0px' },
		)
		for (const el of stepRefs.current) if (el) observer.observe(el)
		return () => observer.disconnect()
	}, [])

	return (
		<div className="grid gap-10 lg:grid-cols-2 lg:gap-16">
			<ol className="flex min-w-0 flex-col gap-6 lg:gap-0">
				{steps.map((s, i) => (
					<li
						key={s.id}
						ref={(el) => {
							stepRefs.current[i] = el
						}}
						data-step={i}
						aria-current={active === i ? 'step' : undefined}
						className="flex flex-col justify-center lg:min-h-[70vh]"
					>
						<div
							className={cn(
								'rounded-xl border p-6 transition-[opacity,border-color,box-shadow] duration-300 motion-reduce:transition-none',
								active === i ? 'border-primary/60 bg-card opacity-100 shadow-lg' : 'bg-card/60 lg:opacity-60',
							)}
						>
							<p className="text-primary text-xs font-semibold tracking-wide uppercase">
								{t('landing.student.showcase.stepLabel', { step: i + 1, total: steps.length })}
							</p>
							<h3 className="mt-2 text-xl font-semibold">{t(`landing.student.showcase.steps.${s.id}.title`)}</h3>
							<p className="text-muted-foreground mt-2 leading-relaxed">{t(`landing.student.showcase.steps.${s.id}.body`)}</p>
						</div>
						{/* On phones each step shows just its own lines under the text. */}
						<div className="mt-4 lg:hidden">
							<CodeWindow fileName={fileName} from={s.from} to={s.to} />
						</div>
					</li>
				))}
			</ol>
			<div className="hidden lg:block">
				<div className="sticky top-20">
					<CodeWindow fileName={fileName} active={steps[active]} />
				</div>
			</div>
		</div>
	)
}
