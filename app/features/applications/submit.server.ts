import { getLanguage, getT } from '~/features/i18n/i18n.server.ts'
import { sendMail } from '~/features/mail/mailer.server.ts'
import { clientIp, hit } from '~/features/security/rate-limit.server.ts'
import { runInBackground } from '~/lib/background.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { fieldErrors, readFields, type FieldErrors } from '~/lib/forms.server.ts'
import { log } from '~/lib/log.server.ts'
import { insertApplication } from './applications.server.ts'
import { confirmationMail, teamMail } from './mail.server.ts'
import { applicationSchema, HONEYPOT_FIELD, type ApplicationInput } from './schemas.ts'

const DEFAULT_NOTIFY_EMAIL = 'team@learnchain.local'
/** The longest application is a few KB of text; a form's general cap would be 256 KB. */
const MAX_BODY_BYTES = 32 * 1024

export type SubmitResult =
	| { status: 200; body: { ok: true; message: string } }
	| { status: 400 | 413 | 429; body: { ok: false; error: string; fields?: FieldErrors }; retryAfter?: number }

const success = { status: 200, body: { ok: true, message: 'applications.modal.success' } } as const

function fail(status: 400 | 413 | 429, error: string, fields?: FieldErrors): SubmitResult {
	return { status, body: { ok: false, error, ...(fields ? { fields } : {}) } }
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

	const read = await readFields(request, { limit: MAX_BODY_BYTES, tooLarge: 'applications.errors.tooLarge', fallback: 'applications.errors.badRequest' })
	if (!read.ok) return fail(read.status, read.error)
	const form = read.values
	// Nothing readable (no form, wrong content type): a broken client, not an applicant to correct.
	if (!Object.keys(form).length) return fail(400, 'applications.errors.badRequest')

	const trap = form[HONEYPOT_FIELD]
	if (typeof trap !== 'string' || trap !== '') {
		// A missing field is a bot too: the modal always sends it, empty.
		log.warn('application honeypot triggered', { ip })
		return success
	}

	const parsed = applicationSchema.safeParse(form)
	if (!parsed.success) {
		const fields = fieldErrors(parsed.error)
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
	const mails = [confirmationMail(getT(language), input, app), teamMail(getT('en-US'), input, env.APPLICATIONS_NOTIFY_EMAIL ?? DEFAULT_NOTIFY_EMAIL, app)]
	for (const mail of mails) {
		try {
			await sendMail(mail)
		} catch (error) {
			log.error('application email failed', { id, subject: mail.subject, error: String(error) })
		}
	}
}
