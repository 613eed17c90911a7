declare module 'highlightjs-solidity' {
	const register: (hljs: unknown) => void
	export default register
}

declare module 'virtual:locale/*' {
	type Messages = { [key: string]: string | Messages }
	const messages: Messages
	export default messages
}

/** Hashed URLs of the island scripts (vite/islands.ts), keyed by island name. */
declare module 'virtual:islands' {
	const urls: Record<string, string>
	export default urls
}
