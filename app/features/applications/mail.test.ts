import { describe, expect, it } from 'vitest'
import { getT } from '~/features/i18n/i18n.server.ts'
import { confirmationMail, teamMail } from './mail.server.ts'
import type { ApplicationInput } from './schemas.ts'

const app = { name: 'Learnchain', url: 'http://localhost:3000' }
// Whatever a stranger types can be sent to any address: the receipt must carry none of it.
const hostile: ApplicationInput = {
	type: 'investor',
	name: 'Claim your prize at https://phish.example',
	email: 'victim@example.test',
	company: 'Your bank: verify now',
	investmentAmount: '100k-500k',
	timeline: 'immediate',
	portfolio: 'https://phish.example/login',
	message: 'Your account is locked, call +1 555 0100',
} as ApplicationInput

describe('application mails', () => {
	it("the applicant's receipt holds only our words and the options chosen from our lists, in both languages", () => {
		for (const language of ['en-US', 'pt-BR'] as const) {
			const mail = confirmationMail(getT(language), hostile, app)
			expect(mail.to).toBe('victim@example.test')
			for (const typed of [hostile.name, hostile.company, hostile.portfolio, hostile.message, 'phish'])
				for (const part of [mail.subject, mail.text, mail.html]) expect(part, `${language}: ${typed}`).not.toContain(typed)
			expect(mail.text).toContain(getT(language)('applications.options.timeline.immediate'))
		}
	})

	it('the team still gets everything the applicant sent', () => {
		const mail = teamMail(getT('en-US'), hostile, 'team@learnchain.local', app)
		for (const typed of [hostile.company, hostile.portfolio, hostile.message]) expect(mail.text).toContain(typed)
	})
})
