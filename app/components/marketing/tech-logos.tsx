import { Marquee } from './marquee'

// Simple geometric marks drawn inline (no third-party logo files); the names carry the meaning.
const marks: Record<string, React.ReactNode> = {
	diamond: <path d="M12 2 4 12l8 10 8-10z M4 12l8 3.5 8-3.5" />,
	hex: <path d="M12 2l8.66 5v10L12 22l-8.66-5V7z M12 7v10" />,
	circle: <path d="M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8z" />,
	cube: <path d="M12 2 3 7v10l9 5 9-5V7z M3 7l9 5 9-5 M12 12v10" />,
	bolt: <path d="M13 2 4 14h7l-1 8 9-12h-7z" />,
	link: <path d="M9 15l6-6 M10 6l2-2a4 4 0 0 1 6 6l-2 2 M14 18l-2 2a4 4 0 0 1-6-6l2-2" />,
	layers: <path d="M12 3 2 8l10 5 10-5z M2 13l10 5 10-5 M2 18l10 5 10-5" />,
	shield: <path d="M12 2 4 5v6c0 5 3.5 9 8 11 4.5-2 8-6 8-11V5z M9 12l2 2 4-4" />,
	graph: <path d="M5 19V9 M12 19V5 M19 19v-7 M3 21h18" />,
	ring: <path d="M12 4a8 8 0 1 0 0 16a8 8 0 1 0 0-16z M12 4v16 M4 12h16" />,
}

const stack: [string, keyof typeof marks][] = [
	['Ethereum', 'diamond'],
	['Solidity', 'hex'],
	['Foundry', 'bolt'],
	['Hardhat', 'cube'],
	['OpenZeppelin', 'shield'],
	['Chainlink', 'link'],
	['IPFS', 'circle'],
	['The Graph', 'graph'],
	['Polygon', 'layers'],
	['Base', 'ring'],
]

export function TechLogoMarquee({ label }: { label: string }) {
	return (
		<Marquee label={label} seconds={45}>
			{stack.map(([name, mark]) => (
				<li key={name} className="text-muted-foreground flex items-center gap-2 px-5 py-2 text-lg font-semibold whitespace-nowrap">
					<svg
						viewBox="0 0 24 24"
						className="size-6"
						fill="none"
						stroke="currentColor"
						strokeWidth="1.6"
						strokeLinejoin="round"
						strokeLinecap="round"
						aria-hidden
					>
						{marks[mark]}
					</svg>
					{name}
				</li>
			))}
		</Marquee>
	)
}
