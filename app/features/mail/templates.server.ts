import type { TFunction } from '~/features/i18n/translate.ts'
import { getEnv } from '~/lib/env.server.ts'
import type { Mail } from './mailer.server.ts'

function escape(s: string) {
	return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function layout(title: string, body: string, action?: { label: string; url: string }) {
	const button = action
		? `<p><a href="${escape(action.url)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escape(action.label)}</a></p><p style="color:#555;font-size:13px">${escape(action.url)}</p>`
		: ''
	return `<!doctype html><html><body style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px">${escape(title)}</h1><p>${escape(body)}</p>${button}</body></html>`
}

/** A simple transactional email: a heading, a sentence and one action link. */
export function actionMail(t: TFunction, to: string, kind: 'verify' | 'reset' | 'alreadyRegistered', url: string): Mail {
	const app = getEnv().APP_NAME
	const subject = t(`email.${kind}.subject`, { app })
	const body = t(`email.${kind}.body`, { app })
	const label = t(`email.${kind}.action`)
	return {
		to,
		subject,
		text: `${body}\n\n${label}: ${url}\n`,
		html: layout(subject, body, { label, url }),
	}
}
