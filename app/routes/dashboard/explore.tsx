import { useTranslation } from '~/features/i18n/react.tsx'
import { useEffect } from 'react'
import { data, useActionData } from 'react-router'
import { toast } from '~/components/ui/toast'
import { PathGrid } from '~/components/learn/path-card'
import { EmptyState, PageHeader } from '~/components/page-header'
import { readFormObject } from '~/features/auth/schemas.ts'
import { requireUser } from '~/features/auth/session.server.ts'
import { listAvailablePaths } from '~/features/catalog/catalog.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import { enroll } from '~/features/progress/progress.server.ts'
import { enrollSchema } from '~/features/progress/schemas.ts'
import type { Route } from './+types/explore'

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	return { paths: await listAvailablePaths(user.id), title: getT(request)('nav.paths') }
}

export async function action({ request }: Route.ActionArgs) {
	const user = await requireUser(request)
	const parsed = enrollSchema.safeParse(await readFormObject(request))
	if (!parsed.success) return data({ ok: false, error: 'learn.errors.enrollFailed' }, { status: 400 })
	const ok = await enroll(user.id, parsed.data.pathId)
	if (!ok) return data({ ok: false, error: 'learn.errors.pathNotFound' }, { status: 404 })
	return { ok: true }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function Explore({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	// Without JavaScript the enroll form posts here directly; say how it went.
	const result = useActionData<typeof action>()
	useEffect(() => {
		if (!result) return
		if (result.ok) toast.success(t('learn.enrolled'))
		else toast.error(t('error' in result ? result.error : 'learn.errors.enrollFailed'))
	}, [result, t])
	return (
		<>
			<PageHeader title={t('nav.paths')} description={t('pages.explore.description')} />
			{loaderData.paths.length === 0 ? (
				<EmptyState title={t('dashboard.noPaths')} body={t('dashboard.noPathsBody')} />
			) : (
				<PathGrid paths={loaderData.paths} />
			)}
		</>
	)
}
