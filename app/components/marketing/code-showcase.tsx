import { useTranslation } from '~/features/i18n/react.tsx'
import { cn } from '~/lib/utils'

// The contract a learner writes in the first month; each step lights up its lines as it
// scrolls past the middle of the screen (the landing island, app/islands/landing.ts, moves the
// `aria-current`/`data-lit` marks; the server renders step one lit). Code is code: it is not translated.
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
			? 'text-slate-400 italic'
			: str
				? 'text-emerald-300'
				: num
					? 'text-amber-300'
					: word && keywords.has(word)
						? 'text-fuchsia-300'
						: word && types.has(word)
							? 'text-sky-300'
							: undefined
		out.push(
			cls ? (
				<span key={i} className={cls}>
					{text}
				</span>
			) : (
				text
			),
		)
		last = i + text.length
	}
	if (last < line.length) out.push(line.slice(last))
	return out
}

function hanging(line: string): React.CSSProperties {
	const columns = (line.match(/^ */)?.[0].length ?? 0) + 2
	return { paddingLeft: `${columns}ch`, textIndent: `-${columns}ch` }
}

/** `tracked`: the sticky window beside the steps, whose lines the island lights per step. */
function CodeWindow({
	fileName,
	tracked,
	from = 1,
	to = lines.length,
}: {
	fileName: string
	tracked?: { from: number; to: number }
	from?: number
	to?: number
}) {
	return (
		<div className="overflow-hidden rounded-xl border border-slate-800 bg-slate-950 shadow-2xl">
			<div className="flex items-center gap-2 border-b border-slate-800 px-4 py-2.5">
				<span className="size-3 rounded-full bg-red-400/80" aria-hidden />
				<span className="size-3 rounded-full bg-amber-400/80" aria-hidden />
				<span className="size-3 rounded-full bg-emerald-400/80" aria-hidden />
				<span className="ml-2 font-mono text-xs text-slate-400">{fileName}</span>
			</div>
			{/* Long lines wrap with a hanging indent, so no word is cut at the window's edge on a phone or beside the
			    steps on a desktop. Focusable: it keeps its sideways scroll for a token wider than the window. */}
			<pre tabIndex={0} className="overflow-x-auto py-4 font-mono text-[12.5px] leading-6 text-slate-200 sm:text-[13px]">
				<code>
					{lines.slice(from - 1, to).map((line, idx) => {
						const n = from + idx
						return (
							<span
								key={n}
								data-line={tracked ? n : undefined}
								data-lit={tracked ? String(n >= tracked.from && n <= tracked.to) : undefined}
								// Unlit lines dim only as far as AA contrast allows (4.5:1 for the slate-400 numbers and comments).
								className={cn(
									'flex border-l-2 border-transparent pr-4 pl-3 transition-[opacity,background-color] duration-300 motion-reduce:transition-none',
									tracked && 'opacity-75 data-[lit=true]:border-primary data-[lit=true]:bg-primary/15 data-[lit=true]:opacity-100',
								)}
							>
								<span className="mr-4 inline-block w-5 shrink-0 text-right text-slate-400 select-none" aria-hidden>
									{n}
								</span>
								{/* A hanging indent: a wrapped line continues two columns right of its own indentation. */}
								<span className="min-w-0 break-words whitespace-pre-wrap" style={hanging(line)}>
									{line ? highlight(line) : ' '}
								</span>
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
	const fileName = t('landing.student.showcase.fileName')

	return (
		<div data-showcase className="grid gap-10 lg:grid-cols-2 lg:gap-16">
			<ol className="flex min-w-0 flex-col gap-6 lg:gap-0">
				{steps.map((s, i) => (
					<li
						key={s.id}
						data-step={i}
						data-from={s.from}
						data-to={s.to}
						aria-current={i === 0 ? 'step' : undefined}
						className="group flex flex-col justify-center lg:min-h-[70vh]"
					>
						{/* Steps away from the code grey by colour, not opacity: a faded card would drop its text below AA contrast. */}
						<div className="bg-card/60 group-aria-[current=step]:border-primary/60 group-aria-[current=step]:bg-card rounded-xl border p-6 transition-[border-color,box-shadow] duration-300 group-aria-[current=step]:shadow-lg motion-reduce:transition-none">
							<p className="text-primary lg:text-muted-foreground lg:group-aria-[current=step]:text-primary text-xs font-semibold tracking-wide uppercase transition-colors duration-300 motion-reduce:transition-none">
								{t('landing.student.showcase.stepLabel', { step: i + 1, total: steps.length })}
							</p>
							<h3 className="lg:text-muted-foreground lg:group-aria-[current=step]:text-foreground mt-2 text-xl font-semibold transition-colors duration-300 motion-reduce:transition-none">
								{t(`landing.student.showcase.steps.${s.id}.title`)}
							</h3>
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
					<CodeWindow fileName={fileName} tracked={steps[0]} />
				</div>
			</div>
		</div>
	)
}
