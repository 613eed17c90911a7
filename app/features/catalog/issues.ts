import type { TFunction } from '~/features/i18n/translate.ts'

// A content problem as the import reports it (content-files.server.ts builds them); this file is
// browser-safe so the studio and the CLI word them the same way, in the author's language.
export type ContentIssue = { file: string; field: string; rule: string; values?: Record<string, string | number> }

/** "01-intro/_course.md, field “title”: is required", translated. */
export function describeIssue(t: TFunction, issue: ContentIssue) {
	const rule = t(`admin.content.rules.${issue.rule}`, { ...issue.values, defaultValue: t('admin.content.rules.invalid') })
	return t('admin.content.issue', { file: issue.file, field: issue.field, rule })
}
