import { useTranslation } from '~/features/i18n/react.tsx'
import { requireLocalOrAdmin } from '~/features/auth/session.server.ts'
import { outboxMessages } from '~/features/mail/outbox.server.ts'
import type { Route } from './+types/mailbox'

export async function loader({ request }: Route.LoaderArgs) {
	await requireLocalOrAdmin(request)
	return { messages: await outboxMessages() }
}

export const meta: Route.MetaFunction = () => [{ title: 'Mailbox' }, { name: 'robots', content: 'noindex' }]

export default function Mailbox({ loaderData }: Route.ComponentProps) {
	const { t, i18n } = useTranslation()
	const { messages } = loaderData
	return (
		<main className="mx-auto max-w-3xl p-6">
			<h1 className="mb-1 text-2xl font-semibold">{t('mailbox.title')}</h1>
			<p className="text-muted-foreground mb-6 text-sm">{t('mailbox.intro')}</p>
			{messages.length === 0 ? (
				<p className="text-muted-foreground">{t('mailbox.empty')}</p>
			) : (
				<ul className="space-y-4">
					{messages.map((m, i) => (
						<li key={i} className="min-w-0 rounded-lg border p-4" data-testid="mail">
							<div className="text-muted-foreground text-xs">
								{new Date(m.createdAt).toLocaleString(i18n.language)} · {t('mailbox.to')} {m.to}
							</div>
							<div className="font-medium">{m.subject}</div>
							<pre className="mt-2 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{m.text}</pre>
							{m.links.map((l) => (
								<a key={l} href={l} className="text-primary block text-sm break-all underline">
									{l}
								</a>
							))}
						</li>
					))}
				</ul>
			)}
		</main>
	)
}
