declare module 'highlightjs-solidity' {
	const register: (hljs: unknown) => void
	export default register
}
