// PostgreSQL text cannot hold NUL (the insert fails, which would be a 500), and the other C0 control
// characters have no business in stored text either. Tab, line feed and carriage return stay.
const controls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

/** Drop control characters from multi-line text (Markdown, messages). */
export function stripControls(text: string): string {
	return text.replace(controls, '')
}

/** One line of text: control characters and runs of whitespace become one space, then trimmed. */
export function singleLine(text: string): string {
	return text.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim()
}
