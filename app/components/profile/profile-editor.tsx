import { BriefcaseBusiness, ChartLine, Loader2, Target, UserRound } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { useFetcher, useSearchParams } from 'react-router'
import { toast } from '~/components/ui/toast'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { fieldTabs, profileErrors, profileSchema, type ProfileErrors, type ProfileForm } from '~/features/profile/schemas.ts'
import type { ProfilePageData } from '~/features/profile/types.ts'
import { LearningProgress } from './learning-progress'
import { CareerFields, PersonalFields, ProfessionalFields, type FieldsProps } from './profile-fields'
import { LeaveGuard, UnsavedBanner } from './unsaved-changes'
import { failureKey } from '~/lib/failure.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'

const tabs = [
	{ id: 'personal', icon: UserRound, editable: true },
	{ id: 'professional', icon: BriefcaseBusiness, editable: true },
	{ id: 'progress', icon: ChartLine, editable: false },
	{ id: 'career', icon: Target, editable: true },
] as const
type TabId = (typeof tabs)[number]['id']
const isTab = (v: string | null): v is TabId => tabs.some((t) => t.id === v)

export type SaveResponse = { ok: true } | { ok: false; error: string; fields?: ProfileErrors }

/** The tab holding the first field with an error, so a refused save shows it. */
function tabOfFirstError(errors: ProfileErrors): TabId | undefined {
	for (const tab of ['personal', 'professional', 'career'] as const) {
		if (fieldTabs[tab].some((f) => errors[f])) return tab
	}
	return undefined
}

export function ProfileEditor({ data }: { data: ProfilePageData }) {
	const { t } = useTranslation()
	const [params] = useSearchParams()
	const initialTab = params.get('tab')
	const [tab, setTab] = useState<TabId>(isTab(initialTab) ? initialTab : 'personal')
	const [baseline, setBaseline] = useState(data.form)
	const [form, setForm] = useState<ProfileForm>(data.form)
	const [errors, setErrors] = useState<ProfileErrors>({})
	const fetcher = useFetcher<SaveResponse>()
	const saving = fetcher.state !== 'idle'
	// The form saves through React (JSON, tags included); until the page has hydrated its Save button is
	// disabled, which also stops Enter in a field from sending the form natively as a GET with the profile
	// in the address. What is typed meanwhile is kept (app/lib/keep-typed-input.ts).
	const hydrated = useHydrated()
	const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(baseline), [form, baseline])
	const handled = useRef<SaveResponse | undefined>(undefined)

	// After a save the loader returns the stored (normalised) profile: adopt it as the new baseline.
	useEffect(() => {
		setBaseline(data.form)
		setForm(data.form)
		// Only when the saved version changes, not on every revalidation.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [data.savedAt])

	useEffect(() => {
		const res = fetcher.data
		if (fetcher.state !== 'idle' || !res || handled.current === res) return
		handled.current = res
		if (res.ok) {
			toast.success(t('profile.saved'))
			return
		}
		if (res.fields && Object.keys(res.fields).length) {
			setErrors(res.fields)
			const where = tabOfFirstError(res.fields)
			if (where) setTab(where)
			toast.error(t('profile.errors.fixErrors'))
		} else {
			toast.error(t(failureKey(res, 'profile.errors.saveFailed')))
		}
	}, [fetcher.state, fetcher.data, t])

	const clear = (key: string) => setErrors((e) => (e[key] ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)) : e))
	const fields: FieldsProps = {
		form,
		errors,
		set: (key, value) => {
			clear(key)
			setForm((f) => ({ ...f, [key]: value }))
		},
		setCareer: (key, value) => {
			clear(key)
			setForm((f) => ({ ...f, career: { ...f.career, [key]: value } }))
		},
	}

	function save(e?: React.FormEvent) {
		e?.preventDefault()
		if (saving) return
		const parsed = profileSchema.safeParse(form)
		if (!parsed.success) {
			const found = profileErrors(parsed.error)
			setErrors(found)
			const where = tabOfFirstError(found)
			if (where) setTab(where)
			toast.error(t('profile.errors.fixErrors'))
			return
		}
		setErrors({})
		fetcher.submit(form, { method: 'post', encType: 'application/json' })
	}

	const current = tabs.find((x) => x.id === tab)!
	return (
		<form onSubmit={save} noValidate className="grid grid-cols-1 gap-4" aria-busy={saving}>
			{dirty ? (
				<UnsavedBanner
					onDiscard={() => {
						setForm(baseline)
						setErrors({})
					}}
				/>
			) : null}
			<Tabs value={tab} onValueChange={(v) => setTab(v as TabId)} orientation="vertical" className="grid grid-cols-1 gap-4 lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start">
				<TabsList aria-label={t('profile.tabsLabel')} className="grid h-auto w-full grid-cols-2 gap-1 lg:flex lg:flex-col lg:items-stretch">
					{tabs.map(({ id, icon: Icon }) => (
						<TabsTrigger key={id} value={id} className="h-auto min-h-8 justify-start px-3 py-1.5 text-left whitespace-normal lg:w-full">
							<Icon aria-hidden />
							{t(`profile.tabs.${id}`)}
						</TabsTrigger>
					))}
				</TabsList>
				<Card className="min-w-0">
					<CardHeader>
						<CardTitle>
							<h2>{t(`profile.tabs.${tab}`)}</h2>
						</CardTitle>
					</CardHeader>
					<CardContent className="grid gap-6">
						<TabsContent value="personal">
							<PersonalFields {...fields} email={data.email} countries={data.countries} />
						</TabsContent>
						<TabsContent value="professional">
							<ProfessionalFields {...fields} />
						</TabsContent>
						<TabsContent value="progress">
							<LearningProgress progress={data.progress} />
						</TabsContent>
						<TabsContent value="career">
							<CareerFields {...fields} />
						</TabsContent>
						{current.editable ? (
							<div className="flex justify-end border-t pt-4">
								<Button type="submit" disabled={saving || !hydrated} className="w-full sm:w-auto">
									{saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
									{saving ? t('profile.saving') : t('profile.save')}
								</Button>
							</div>
						) : null}
					</CardContent>
				</Card>
			</Tabs>
			<LeaveGuard when={dirty} />
		</form>
	)
}
