import { getLanguage, getT } from '~/features/i18n/i18n.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { programValues } from '~/lib/program.ts'
import { SOCIAL_IMAGE, type PageSeo } from './seo.ts'

export type LandingPage = 'student' | 'companies' | 'investors'

/** The public pages, as listed in the sitemap (the /old/hidden/index alias points at /). */
export const publicPages: { path: string; page: LandingPage }[] = [
	{ path: '/', page: 'student' },
	{ path: '/companies', page: 'companies' },
	{ path: '/investors', page: 'investors' },
]

function pathOf(page: LandingPage) {
	return publicPages.find((p) => p.page === page)!.path
}

/** Everything the page's meta tags need, in the visitor's language. */
export function landingSeo(request: Request, page: LandingPage): PageSeo {
	const env = getEnv()
	const lang = getLanguage(request)
	const t = getT(lang)
	return {
		title: `${t(`seo.${page}.title`)} · ${env.APP_NAME}`,
		description: t(`seo.${page}.description`, programValues(lang)),
		canonical: `${env.APP_URL}${pathOf(page)}`,
		image: `${env.APP_URL}${SOCIAL_IMAGE.path}`,
		imageAlt: t('seo.imageAlt', { app: env.APP_NAME }),
		siteName: env.APP_NAME,
		lang,
	}
}
