import { useTranslation } from '~/features/i18n/react.tsx'
import { useLocation, useNavigation } from 'react-router'
import { EmptyState } from '~/components/page-header'
import { Skeleton } from '~/components/ui/skeleton'

/** True while this same screen reloads for new filters. */
export function useReloading() {
	const navigation = useNavigation()
	const location = useLocation()
	return navigation.state === 'loading' && navigation.location?.pathname === location.pathname
}

export function ListLoading({ label }: { label: string }) {
	return (
		<div role="status" className="grid gap-3" data-testid="list-loading">
			<p className="text-muted-foreground text-sm">{label}</p>
			{[0, 1, 2].map((i) => (
				<Skeleton key={i} className="h-32 rounded-xl" />
			))}
		</div>
	)
}

/** Loading, empty, or the list itself. */
export function ListBody({
	loading,
	loadingLabel,
	empty,
	count,
	truncated,
	children,
}: {
	loading: boolean
	loadingLabel: string
	empty: string
	count: number
	truncated?: boolean
	children: React.ReactNode
}) {
	const { t } = useTranslation()
	if (loading) return <ListLoading label={loadingLabel} />
	if (count === 0) return <EmptyState title={empty} />
	return (
		<>
			<ul className="grid gap-3">{children}</ul>
			{truncated ? <p className="text-muted-foreground mt-3 text-sm">{t('admin.truncated')}</p> : null}
		</>
	)
}
