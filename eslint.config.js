import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
	{ ignores: ['build/', 'build-*/', '.react-router/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'bench/results/', 'tmp/'] },
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx,js,mjs}'],
		languageOptions: { globals: { ...globals.browser, ...globals.node } },
		plugins: { 'react-hooks': reactHooks },
		rules: {
			...reactHooks.configs.recommended.rules,
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
			'no-control-regex': 'off',
			'no-restricted-imports': [
				'error',
				{
					paths: [
						{ name: 'react-i18next', message: "Use '~/features/i18n/react.tsx'" },
						{ name: 'i18next', message: "Use '~/features/i18n/translate.ts'" },
					],
				},
			],
		},
	},
	{
		// Loaders and actions get the request as it came (`future.v8_passThroughRequests`): its URL may be the
		// framework's data address (/x.data?_routes=...). The page's own address is pageUrl(request).
		files: ['app/**/*.{ts,tsx}'],
		ignores: ['app/lib/page-url.ts', 'app/entry.server.tsx', 'app/lib/kept-renders.server.ts', '**/*.test.{ts,tsx}'],
		rules: {
			'no-restricted-syntax': [
				'error',
				{
					selector: "NewExpression[callee.name='URL'] > MemberExpression.arguments[object.name='request'][property.name='url']",
					message: "Read the page's address with pageUrl(request) from '~/lib/page-url.ts': a data request's URL ends in .data",
				},
			],
		},
	},
	{
		// Playwright fixtures call their callback `use`, which is not React's use().
		files: ['tests/**/*.ts'],
		rules: { 'react-hooks/rules-of-hooks': 'off' },
	},
	{
		// Only server code may read secrets: browser modules must not import *.server.ts at runtime.
		files: ['app/components/**/*.{ts,tsx}'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					paths: [
						{ name: 'react-i18next', message: "Use '~/features/i18n/react.tsx'" },
						{ name: 'i18next', message: "Use '~/features/i18n/translate.ts'" },
					],
					patterns: [{ group: ['**/*.server', '**/*.server.ts'], message: 'Server-only module' }],
				},
			],
		},
	},
)
