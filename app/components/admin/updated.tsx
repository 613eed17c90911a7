import { useEffect, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { relativeTime } from '~/lib/relative-time.ts'

/**
 * 'now' for relative times: the server's clock while hydrating (so both sides render the same
 * text), then the browser's, ticking every minute.
 */
export function useNow(serverNow: string) {
	const [now, setNow] = useState(serverNow)
	useEffect(() => {
		setNow(new Date().toISOString())
		const timer = setInterval(() => setNow(new Date().toISOString()), 60_000)
		return () => clearInterval(timer)
	}, [])
	return now
}

export function RelativeTime({ at, now }: { at: string; now: string }) {
	const { i18n } = useTranslation()
	return (
		<time dateTime={at} title={new Date(at).toLocaleString(i18n.language)} suppressHydrationWarning>
			{relativeTime(at, now, i18n.language)}
		</time>
	)
}

/** 'Updated 5 minutes ago by Ana', or 'Updated N/A'. */
export function Updated({ at, by, now }: { at: string | null; by?: string | null; now: string }) {
	const { t } = useTranslation()
	return (
		<p className="text-muted-foreground text-xs" data-testid="updated">
			{t('admin.card.updatedLabel')} {at ? <RelativeTime at={at} now={now} /> : t('admin.card.notAvailable')}
			{by ? ` · ${t('admin.card.by', { name: by })}` : null}
		</p>
	)
}
