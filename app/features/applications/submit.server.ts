import { getLanguage, getT } from '~/features/i18n/i18n.server.ts'
import { sendMail } from '~/features/mail/mailer.server.ts'
import { clientIp, hit } from '~/features/security/rate-limit.server.ts'
import { runInBackground } from '~/lib/background.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { BodyTooLargeError, readBody } from '~/lib/forms.server.ts'
import { log } from '~/lib/log.server.ts'
import { insertApplication } from './applications.server.ts'
import { confirmationMail, teamMail } from './mail.server.ts'
import { applicationFieldErrors, applicationSchema, HONEYPOT_FIELD, type ApplicationFieldErrors, type ApplicationInput } from './schemas.ts'

export const DEFAULT_NOTIFY_EMAIL = 'team@learnchain.local'
/** The longest application is a few KB of text; a form's general cap would be 256 KB. */
const MAX_BODY_BYTES = 32 * 1024

export type SubmitResult =
	| { status: 200; body: { ok: true; message: string } }
	| { status: 400 | 413 | 429; body: { ok: false; error: string; fields?: ApplicationFieldErrors }; retryAfter?: number }

const success = { status: 200, body: { ok: true, message: 'applications.modal.success' } } as const

function fail(status: 400 | 413 | 429, error: string, fields?: ApplicationFieldErrors): SubmitResult {
	return { status, body: { ok: false, error, ...(fields ? { fields } : {}) } }
}

async function readForm(request: Request): Promise<Record<string, unknown> | 'tooLarge' | null> {
	try {
		const form = await readBody(request, 'form', { limit: MAX_BODY_BYTES })
		return Object.keys(form).length ? form : null
	} catch (error) {
		return error instanceof BodyTooLargeError ? 'tooLarge' : null
	}
}

/**
 * POST /resources/applications: rate limit per address, then the honeypot, then the shared
 * schema. Bots that fill the honeypot and repeat submissions (same email and type within a day)
 * get the same success answer as everyone else, but nothing is stored or sent.
 */
export async function submitApplication(request: Request): Promise<SubmitResult> {
	const ip = clientIp(request)
	const rate = await hit('applications', ip)
	if (rate.limited) return { status: 429, body: { ok: false, error: 'applications.errors.tooManyRequests' }, retryAfter: rate.retryAfter }

	const form = await readForm(request)
	if (form === 'tooLarge') return fail(413, 'applications.errors.tooLarge')
	if (!form) return fail(400, 'applications.errors.badRequest')

	const trap = form[HONEYPOT_FIELD]
	if (typeof trap !== 'string' || trap !== '') {
		// A missing field is a bot too: the modal always sends it, empty.
		log.warn('application honeypot triggered', { ip })
		return success
	}

	const parsed = applicationSchema.safeParse(form)
	if (!parsed.success) {
		const fields = applicationFieldErrors(parsed.error)
		return fail(400, fields.type ?? 'applications.errors.failed', fields)
	}

	const language = getLanguage(request)
	const id = await insertApplication(parsed.data, { language, ip })
	if (!id) return success
	runInBackground(notify(parsed.data, language, id))
	return success
}

/** Sent after answering: a slow mail server must not hold up the applicant. */
async function notify(input: ApplicationInput, language: ReturnType<typeof getLanguage>, id: string) {
	const env = getEnv()
	const app = { name: env.APP_NAME, url: env.APP_URL }
	const mails = [
		confirmationMail(getT(language), input, app),
		teamMail(getT('en-US'), input, env.APPLICATIONS_NOTIFY_EMAIL ?? DEFAULT_NOTIFY_EMAIL, app),
	]
	for (const mail of mails) {
		try {
			await sendMail(mail)
		} catch (error) {
			log.error('application email failed', { id, subject: mail.subject, error: String(error) })
		}
	}
}
