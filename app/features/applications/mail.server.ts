import type { TFunction } from '~/features/i18n/translate.ts'
import type { Mail } from '~/features/mail/mailer.server.ts'
import type { ApplicationInput } from './schemas.ts'

function escapeHtml(s: string) {
	return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Label and display value of every filled field, in form order. */
function applicationSummary(t: TFunction, input: ApplicationInput): [string, string][] {
	const rows: [string, string | null][] = [
		[t('applications.admin.type'), t(`applications.types.${input.type}`)],
		[t('applications.modal.fields.name'), input.name],
		[t('applications.modal.fields.email'), input.email],
		[t('applications.modal.fields.company'), input.company],
		[t('applications.modal.fields.experience'), input.experience && t(`applications.options.experience.${input.experience}`)],
		[t('applications.modal.fields.portfolio'), input.portfolio],
		[t('applications.modal.fields.investmentAmount'), input.investmentAmount && t(`applications.options.investmentAmount.${input.investmentAmount}`)],
		[t('applications.modal.fields.timeline'), input.timeline && t(`applications.options.timeline.${input.timeline}`)],
		[t('applications.modal.fields.message'), input.message],
	]
	return rows.filter((r): r is [string, string] => Boolean(r[1]))
}

function render(opts: { title: string; paragraphs: string[]; summary: [string, string][]; action: { label: string; url: string } }) {
	const text = [...opts.paragraphs, '', ...opts.summary.map(([k, v]) => `${k}: ${v}`), '', `${opts.action.label}: ${opts.action.url}`, ''].join('\n')
	const table = opts.summary
		.map(
			([k, v]) =>
				`<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;color:#555;font-weight:600">${escapeHtml(k)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(v)}</td></tr>`,
		)
		.join('')
	const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(opts.title)}</h1>${opts.paragraphs
		.map((p) => `<p>${escapeHtml(p)}</p>`)
		.join(
			'',
		)}<table style="border-collapse:collapse;font-size:14px">${table}</table><p><a href="${escapeHtml(opts.action.url)}" style="display:inline-block;margin-top:16px;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(opts.action.label)}</a></p></body></html>`
	return { text, html }
}

/** The rows that hold only our own words: the kind of application and the options picked from our lists. */
function chosenOptions(t: TFunction, input: ApplicationInput): [string, string][] {
	const rows: [string, string | null | undefined][] = [
		[t('applications.admin.type'), t(`applications.types.${input.type}`)],
		[t('applications.modal.fields.experience'), input.experience && t(`applications.options.experience.${input.experience}`)],
		[t('applications.modal.fields.investmentAmount'), input.investmentAmount && t(`applications.options.investmentAmount.${input.investmentAmount}`)],
		[t('applications.modal.fields.timeline'), input.timeline && t(`applications.options.timeline.${input.timeline}`)],
	]
	return rows.filter((r): r is [string, string] => Boolean(r[1]))
}

/**
 * The applicant's receipt, in the language they applied in. Anyone can apply with any address, so the
 * receipt carries nothing the sender typed (name, company, links, message): only our own words and the
 * options picked from our lists, so it cannot carry a stranger's text to someone else's inbox from our domain.
 */
export function confirmationMail(t: TFunction, input: ApplicationInput, app: { name: string; url: string }): Mail {
	const subject = t('applications.email.confirmation.subject', { app: app.name })
	const { text, html } = render({
		title: subject,
		paragraphs: [t('applications.email.confirmation.greeting'), t('applications.email.confirmation.body')],
		summary: chosenOptions(t, input),
		action: { label: t('applications.email.confirmation.action', { app: app.name }), url: `${app.url}/` },
	})
	return { to: input.email, subject, text: `${text}${t('applications.email.confirmation.signature', { app: app.name })}\n`, html }
}

/** The team's notification, with a link to the inbox filtered to this applicant. */
export function teamMail(t: TFunction, input: ApplicationInput, to: string, app: { url: string }): Mail {
	const subject = t('applications.email.team.subject', { type: t(`applications.types.${input.type}`), name: input.name })
	const inbox = `${app.url}/dashboard/admin/applications?q=${encodeURIComponent(input.email)}`
	const { text, html } = render({
		title: subject,
		paragraphs: [t('applications.email.team.body')],
		summary: applicationSummary(t, input),
		action: { label: t('applications.email.team.action'), url: inbox },
	})
	return { to, subject, text, html }
}
