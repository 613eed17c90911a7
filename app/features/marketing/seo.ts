import type { MetaDescriptor } from 'react-router'
import { languages, type Language } from '~/features/i18n/config.ts'

export type PageSeo = {
	title: string
	description: string
	/** Absolute URL of the page's one address. */
	canonical: string
	image: string
	imageAlt: string
	siteName: string
	lang: Language
}

export const SOCIAL_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const

const ogLocale = (lang: Language) => lang.replace('-', '_')

/** Title and description of a page that is public but not a landing (the sign-in pages): no canonical or social tags. */
export function pageMeta(page: { title: string; description: string } | undefined): MetaDescriptor[] {
	if (!page) return []
	return [{ title: page.title }, { name: 'description', content: page.description }]
}

/** Title, description, canonical, hreflang, Open Graph and Twitter tags for a public page. */
export function seoMeta(seo: PageSeo | undefined): MetaDescriptor[] {
	if (!seo) return []
	return [
		{ title: seo.title },
		{ name: 'description', content: seo.description },
		{ tagName: 'link', rel: 'canonical', href: seo.canonical },
		// The language is chosen by the app_language cookie (or Accept-Language), not by the URL:
		// both languages live at the same address and `?lang=` is deliberately not supported.
		// So every hreflang alternate, x-default included, points at the one canonical URL.
		{ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: seo.canonical },
		...languages.map((l) => ({ tagName: 'link', rel: 'alternate', hrefLang: l, href: seo.canonical }) as MetaDescriptor),
		{ property: 'og:type', content: 'website' },
		{ property: 'og:site_name', content: seo.siteName },
		{ property: 'og:title', content: seo.title },
		{ property: 'og:description', content: seo.description },
		{ property: 'og:url', content: seo.canonical },
		{ property: 'og:image', content: seo.image },
		{ property: 'og:image:width', content: String(SOCIAL_IMAGE.width) },
		{ property: 'og:image:height', content: String(SOCIAL_IMAGE.height) },
		{ property: 'og:image:alt', content: seo.imageAlt },
		{ property: 'og:locale', content: ogLocale(seo.lang) },
		...languages.filter((l) => l !== seo.lang).map((l) => ({ property: 'og:locale:alternate', content: ogLocale(l) })),
		{ name: 'twitter:card', content: 'summary_large_image' },
		{ name: 'twitter:title', content: seo.title },
		{ name: 'twitter:description', content: seo.description },
		{ name: 'twitter:image', content: seo.image },
		{ name: 'twitter:image:alt', content: seo.imageAlt },
	]
}
