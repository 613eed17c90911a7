import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands'
import { bracketMatching, indentOnInput, syntaxHighlighting } from '@codemirror/language'
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint'
import { EditorState } from '@codemirror/state'
import { EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view'
import { solidity } from '@replit/codemirror-lang-solidity'
import { useEffect, useRef } from 'react'
import { themedHighlightStyle } from './code-highlight.ts'

// CodeMirror 6 with Solidity highlighting: loaded with import() by challenge lessons only
// (scripts/check-assets.mjs keeps it off public pages). Tab indents; Esc then Tab leaves the editor
// (CodeMirror's own escape from its Tab handling), so it stays usable with a keyboard alone.

export type Marker = { line: number; column: number; message: string }

export type CodeEditorProps = {
	value: string
	onChange: (value: string) => void
	/** Ctrl/Cmd+Enter. */
	onRun: () => void
	label: string
	describedBy?: string
	markers: Marker[]
}

function diagnostics(state: EditorState, markers: Marker[]): Diagnostic[] {
	const out: Diagnostic[] = []
	for (const m of markers) {
		if (m.line < 1 || m.line > state.doc.lines) continue
		const line = state.doc.line(m.line)
		const from = Math.min(line.to, line.from + Math.max(0, m.column - 1))
		out.push({ from, to: Math.max(from, line.to), severity: 'error', message: m.message })
	}
	return out
}

export default function CodeEditor({ value, onChange, onRun, label, describedBy, markers }: CodeEditorProps) {
	const host = useRef<HTMLDivElement>(null)
	const view = useRef<EditorView | null>(null)
	const callbacks = useRef({ onChange, onRun })
	callbacks.current = { onChange, onRun }

	useEffect(() => {
		const attributes: Record<string, string> = { 'aria-label': label, 'aria-multiline': 'true' }
		if (describedBy) attributes['aria-describedby'] = describedBy
		const editor = new EditorView({
			parent: host.current!,
			state: EditorState.create({
				doc: value,
				extensions: [
					lineNumbers(),
					highlightActiveLineGutter(),
					highlightActiveLine(),
					history(),
					bracketMatching(),
					indentOnInput(),
					solidity,
					syntaxHighlighting(themedHighlightStyle, { fallback: true }),
					lintGutter(),
					EditorState.tabSize.of(4),
					keymap.of([{ key: 'Mod-Enter', run: () => (callbacks.current.onRun(), true) }, ...defaultKeymap, ...historyKeymap, indentWithTab]),
					EditorView.contentAttributes.of(attributes),
					EditorView.updateListener.of((u) => {
						if (u.docChanged) callbacks.current.onChange(u.state.doc.toString())
					}),
					EditorView.theme({
						// Colours from the theme tokens (light or dark, app.css), not CodeMirror's light defaults.
						'&': {
							maxWidth: '100%',
							fontSize: '0.875rem',
							border: '1px solid var(--border)',
							borderRadius: '0.5rem',
							backgroundColor: 'var(--background)',
							color: 'var(--foreground)',
						},
						'.cm-content': { caretColor: 'var(--foreground)' },
						'.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--foreground)' },
						'.cm-activeLine': { backgroundColor: 'var(--accent)' },
						'.cm-activeLineGutter': { backgroundColor: 'var(--accent)', color: 'var(--accent-foreground)' },
						'&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': {
							backgroundColor: 'color-mix(in oklab, var(--primary) 35%, transparent)',
						},
						'&.cm-focused': { outline: '2px solid var(--ring)', outlineOffset: '2px' },
						'.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', minHeight: '18rem', maxHeight: '34rem' },
						'.cm-gutters': { backgroundColor: 'var(--muted)', color: 'var(--muted-foreground)', borderRight: '1px solid var(--border)' },
					}),
				],
			}),
		})
		view.current = editor
		return () => {
			editor.destroy()
			view.current = null
		}
		// The editor is made once; value and markers reach it through the effects below.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [])

	// A value from outside (reset to starter code) replaces the document; typing does not come back here.
	useEffect(() => {
		const editor = view.current
		if (editor && editor.state.doc.toString() !== value) editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } })
	}, [value])

	useEffect(() => {
		const editor = view.current
		if (editor) editor.dispatch(setDiagnostics(editor.state, diagnostics(editor.state, markers)))
	}, [markers])

	// min-w-0: a long line scrolls inside the editor instead of widening the page (phones).
	return <div ref={host} className="w-full min-w-0" data-testid="code-editor" />
}
