import { defaultHighlightStyle, HighlightStyle } from '@codemirror/language'

// CodeMirror's default colours are made for a white page: several fall under 4.5:1 on the dark theme.
// Each one becomes a token of app/app.css (--code-*, with light and dark values), so the editor follows the
// theme through CSS alone, "system" included, and is never rebuilt when the theme changes.
const tokens: Record<string, string> = {
	'#708': 'keyword',
	'#219': 'atom',
	'#164': 'literal',
	'#a11': 'string',
	'#e40': 'regexp',
	'#00f': 'definition',
	'#30a': 'local',
	'#085': 'type',
	'#167': 'class',
	'#256': 'macro',
	'#00c': 'property',
	'#940': 'comment',
	'#404740': 'meta',
	'#f00': 'invalid',
}

export const themedHighlightStyle = HighlightStyle.define(
	defaultHighlightStyle.specs.map((spec) => {
		const token = typeof spec.color === 'string' ? tokens[spec.color] : undefined
		return token ? { ...spec, color: `var(--code-${token})` } : spec
	}),
)
