declare module 'highlightjs-solidity' {
	const register: (hljs: unknown) => void
	export default register
}

declare module 'virtual:locale/*' {
	type Messages = { [key: string]: string | Messages }
	const messages: Messages
	export default messages
}
