declare module 'highlightjs-solidity' {
	const register: (hljs: unknown) => void
	export default register
}

declare module 'virtual:locale/*' {
	const messages: import('~/features/i18n/translate.ts').Messages
	export default messages
}
