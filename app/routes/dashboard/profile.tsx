import { useTranslation } from '~/features/i18n/react.tsx'
import { useRevalidator } from 'react-router'
import { EmptyState, PageHeader } from '~/components/page-header'
import { ProfileEditor } from '~/components/profile/profile-editor'
import { CertificatesCard } from '~/components/certificates/certificate-actions'
import { WalletCard } from '~/components/profile/wallet-card'
import { Button } from '~/components/ui/button'
import { requireUser } from '~/features/auth/session.server.ts'
import { getLanguage, getT } from '~/features/i18n/i18n.server.ts'
import { profilePage, saveProfile } from '~/features/profile/profile.server.ts'
import { profileErrors, profileSchema } from '~/features/profile/schemas.ts'
import { failure, readFields } from '~/lib/forms.server.ts'
import { log } from '~/lib/log.server.ts'
import type { Route } from './+types/profile'
import { rethrowFault } from '#db/faults.ts'

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	const lang = getLanguage(request)
	return { title: getT(lang)('nav.myProfile'), profile: await profilePage(user, lang) }
}

export async function action({ request }: Route.ActionArgs) {
	const user = await requireUser(request)
	const read = await readFields(request, { kind: 'json', jsonOnly: true, fallback: 'profile.errors.invalidRequest' })
	if (!read.ok) return failure(read.error, read.status)
	// Not a JSON object (a form post, an array, an empty object): the editor did not send it, so no field to point at.
	if (!Object.keys(read.values).length) return failure('profile.errors.invalidRequest', 400)
	const parsed = profileSchema.safeParse(read.values)
	// Career fields are keyed by their own name (the tabs' field names), hence profileErrors over validate().
	if (!parsed.success) return failure('profile.errors.fixErrors', 400, profileErrors(parsed.error))
	try {
		await saveProfile(user.id, parsed.data)
	} catch (err) {
		rethrowFault(err)
		log.error('profile save failed', { userId: user.id, message: err instanceof Error ? err.message : String(err) })
		return failure('profile.errors.saveFailed', 500)
	}
	return { ok: true as const }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	return (
		<div className="grid grid-cols-1 gap-6">
			<PageHeader title={t('nav.myProfile')} description={t('profile.description')} />
			<ProfileEditor
				data={loaderData.profile}
				wallet={
					<>
						<WalletCard wallets={loaderData.profile.wallets} />
						<CertificatesCard certificates={loaderData.profile.certificates} />
					</>
				}
			/>
		</div>
	)
}

export function ErrorBoundary() {
	const { t } = useTranslation()
	const revalidator = useRevalidator()
	return (
		<EmptyState title={t('profile.errors.loadFailed')}>
			<Button variant="outline" className="mt-2" onClick={() => void revalidator.revalidate()} disabled={revalidator.state !== 'idle'}>
				{t('profile.errors.tryAgain')}
			</Button>
		</EmptyState>
	)
}
