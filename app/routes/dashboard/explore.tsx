import { useTranslation } from '~/features/i18n/react.tsx'
import { useEffect } from 'react'
import { data, useActionData } from 'react-router'
import { toast } from '~/components/ui/toast'
import { PathGrid } from '~/components/learn/path-card'
import { enrollFailedToast } from '~/components/learn/enroll-toast'
import { EmptyState, PageHeader } from '~/components/page-header'
import { readFormObject } from '~/features/auth/schemas.ts'
import { requireUser } from '~/features/auth/session.server.ts'
import { listAvailablePaths } from '~/features/catalog/catalog.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import { enrollOrFail } from '~/features/progress/progress.server.ts'
import { failIfAsked } from '~/features/progress/section-faults.server.ts'
import { Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { SectionError } from '~/components/learn/section-error'
import { enrollSchema } from '~/features/progress/schemas.ts'
import type { Route } from './+types/explore'

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	failIfAsked(request, 'explore')
	return { paths: await listAvailablePaths(user.id), title: getT(request)('nav.paths') }
}

export async function action({ request }: Route.ActionArgs) {
	const user = await requireUser(request)
	const parsed = enrollSchema.safeParse(await readFormObject(request))
	if (!parsed.success) return data({ ok: false, error: 'learn.errors.enrollFailed' }, { status: 400 })
	const ok = await enrollOrFail(request, user.id, parsed.data.pathId)
	if (ok === null) return data({ ok: false, error: 'learn.errors.enrollError' }, { status: 500 })
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
		else enrollFailedToast(t, 'error' in result ? result.error : undefined)
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

/** The paths could not be read: the message and a retry, inside the app frame. */
export function ErrorBoundary() {
	const { t } = useTranslation()
	return (
		<>
			<PageHeader title={t('nav.paths')} />
			<SectionError message="learn.sections.paths" testId="page-error" />
			<Button asChild variant="link" className="mt-2 px-0">
				<Link to="/dashboard">{t('errors.notFound.dashboard')}</Link>
			</Button>
		</>
	)
}
