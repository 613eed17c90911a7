import { BookOpen, LogIn } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Link } from 'react-router'
import { CertificatePageShell } from '~/components/certificates/certificate-view'
import { Button } from '~/components/ui/button'
import { getUser } from '~/features/auth/session.server.ts'
import { publicOutline } from '~/features/progress/shared-outline.server.ts'
import { getLanguage } from '~/features/i18n/i18n.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import type { Route } from './+types/path-outline'
import { pageUrl } from '~/lib/page-url.ts'

// A shared link to a path or lesson, opened without a session: the path's public outline and a way to sign
// in (back to the shared address), instead of a bare redirect. Titles only: bodies and quizzes stay private.
export async function loader({ request, params }: Route.LoaderArgs) {
	const [outline, user] = await Promise.all([publicOutline(params.pathId, getLanguage(request)), getUser(request)])
	if (!outline) throw new Response('Learning path not found.', { status: 404 })
	const url = pageUrl(request)
	const from = url.searchParams.get('from')
	// Only addresses inside this path's area come back through sign-in (no open redirect).
	const back = from && /^\/dashboard\/learn\/(path|course)\/[0-9a-f-]{36}(\?lesson=[0-9a-f-]{36})?$/.test(from) ? from : `/dashboard/learn/path/${outline.id}`
	return { outline, signedIn: Boolean(user), back, appName: getEnv().APP_NAME }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.outline.title }]

export default function PublicPathOutline({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { outline, signedIn, back, appName } = loaderData
	const signIn = `/login?redirectTo=${encodeURIComponent(back)}`
	return (
		<CertificatePageShell appName={appName}>
			<header className="grid gap-2">
				<h1 className="text-2xl font-semibold tracking-tight">{outline.title}</h1>
				{outline.description ? <p className="text-muted-foreground">{outline.description}</p> : null}
			</header>
			{signedIn ? (
				<Button asChild className="justify-self-start">
					<Link to={back}>{t('landing.sharedPath.open')}</Link>
				</Button>
			) : (
				<section className="bg-background grid gap-2 rounded-lg border p-4" data-testid="sign-in-call">
					<p className="font-medium">{t('landing.sharedPath.enroll')}</p>
					<p className="text-muted-foreground text-sm">{t('landing.sharedPath.track')}</p>
					<div className="flex flex-wrap gap-2">
						<Button asChild>
							<a href={signIn}>
								<LogIn aria-hidden />
								{t('landing.sharedPath.signIn')}
							</a>
						</Button>
						<Button asChild variant="outline">
							<a href={`/signup`}>{t('landing.sharedPath.signUp')}</a>
						</Button>
					</div>
				</section>
			)}
			<ol className="grid gap-4" aria-label={t('landing.sharedPath.outline')}>
				{outline.courses.map((c, i) => (
					<li key={c.id} className="bg-background grid gap-2 rounded-lg border p-4">
						<h2 className="font-semibold">
							{i + 1}. {c.title}
						</h2>
						{c.summary ? <p className="text-muted-foreground text-sm">{c.summary}</p> : null}
						{c.modules.map((m) => (
							<div key={m.id} className="grid gap-1">
								<h3 className="text-muted-foreground text-xs font-semibold tracking-wide uppercase">{m.title}</h3>
								<ul className="grid gap-0.5 text-sm">
									{m.lessons.map((l) => (
										<li key={l.id} className="flex items-center gap-2" data-testid="outline-lesson">
											<BookOpen className="text-muted-foreground size-3.5 shrink-0" aria-hidden />
											<span className="flex-1">{l.title}</span>
											<span className="text-muted-foreground text-xs">{l.xpValue} XP</span>
										</li>
									))}
								</ul>
							</div>
						))}
					</li>
				))}
			</ol>
		</CertificatePageShell>
	)
}
