import { BriefcaseBusiness, ChartLine, Loader2, Target, UserRound, Wallet } from 'lucide-react'
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { useFetcher, useLocation } from 'react-router'
import { toast } from '~/components/ui/toast'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { fieldTabs, profileErrors, profileSchema, type ProfileErrors, type ProfileForm } from '~/features/profile/schemas.ts'
import { profileTabFrom, profileTabs, searchWithTab, tabAfterKey, type ProfileTab } from '~/features/profile/tabs.ts'
import type { ProfilePageData } from '~/features/profile/types.ts'
import { LearningProgress } from './learning-progress'
import { CareerFields, PersonalFields, ProfessionalFields, type FieldsProps } from './profile-fields'
import { LeaveGuard, UnsavedBanner } from './unsaved-changes'
import { failureKey } from '~/lib/failure.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import { cn } from '~/lib/utils'

const icons = { personal: UserRound, professional: BriefcaseBusiness, progress: ChartLine, career: Target, wallet: Wallet } as const
/** The sections with fields to save; the others (progress, wallet) have no Save button. */
const editable = new Set<ProfileTab>(['personal', 'professional', 'career'])

export type SaveResponse = { ok: true } | { ok: false; error: string; fields?: ProfileErrors }

/** The tab holding the first field with an error, so a refused save shows it. */
function tabOfFirstError(errors: ProfileErrors): ProfileTab | undefined {
	for (const tab of ['personal', 'professional', 'career'] as const) {
		if (fieldTabs[tab].some((f) => errors[f])) return tab
	}
	return undefined
}

/**
 * The selected section, kept in the address. Switching rewrites the address with history.replaceState rather
 * than a router navigation: a navigation would run the root and dashboard loaders again (a server round trip)
 * on every arrow key. Back from another page, a reload or a shared link then opens the same section, and any
 * real navigation to this page (a new location key) adopts the tab its address names.
 */
function useProfileTab() {
	const location = useLocation()
	const [tab, setTabState] = useState<ProfileTab>(() => profileTabFrom(location.search))
	useEffect(() => {
		// The hash only reaches the browser, hence here and not in the first render: old links to #wallet.
		setTabState(profileTabFrom(location.search, location.hash))
		// The router's own navigations only; replaceState below does not change the key.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [location.key])
	const setTab = useCallback((next: ProfileTab) => {
		setTabState(next)
		const url = window.location.pathname + searchWithTab(window.location.search, next) + window.location.hash
		// The router's state for this entry (its key and index) is kept, so Back and Forward still work.
		window.history.replaceState(window.history.state, '', url)
	}, [])
	return [tab, setTab] as const
}

export function ProfileEditor({ data, wallet }: { data: ProfilePageData; wallet: React.ReactNode }) {
	const { t } = useTranslation()
	const [tab, setTab] = useProfileTab()
	const baseId = useId()
	const tabId = (id: ProfileTab) => `${baseId}-tab-${id}`
	const panelId = (id: ProfileTab) => `${baseId}-panel-${id}`
	const tabRefs = useRef(new Map<ProfileTab, HTMLButtonElement>())
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
	}, [fetcher.state, fetcher.data, t, setTab])

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

	function onTabKey(e: React.KeyboardEvent<HTMLButtonElement>) {
		const next = tabAfterKey(profileTabs, tab, e.key)
		if (!next) return
		e.preventDefault()
		// Automatic activation: moving to a tab shows its panel.
		setTab(next)
		tabRefs.current.get(next)?.focus()
	}

	const panel = (id: ProfileTab, children: React.ReactNode, className?: string) =>
		tab === id ? (
			<div role="tabpanel" id={panelId(id)} aria-labelledby={tabId(id)} tabIndex={0} className={cn('min-w-0 outline-none', className)}>
				{children}
			</div>
		) : null

	return (
		<div className="grid grid-cols-1 gap-4">
			{dirty ? (
				<UnsavedBanner
					onDiscard={() => {
						setForm(baseline)
						setErrors({})
					}}
				/>
			) : null}
			<div className="grid grid-cols-1 gap-4 lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start">
				<div
					role="tablist"
					aria-label={t('profile.tabsLabel')}
					className="bg-muted text-muted-foreground grid h-auto w-full grid-cols-2 gap-1 rounded-lg p-[3px] lg:flex lg:flex-col lg:items-stretch"
				>
					{profileTabs.map((id) => {
						const Icon = icons[id]
						const selected = tab === id
						return (
							<button
								key={id}
								ref={(el) => {
									if (el) tabRefs.current.set(id, el)
									else tabRefs.current.delete(id)
								}}
								type="button"
								role="tab"
								id={tabId(id)}
								aria-selected={selected}
								aria-controls={panelId(id)}
								tabIndex={selected ? 0 : -1}
								data-state={selected ? 'active' : 'inactive'}
								onClick={() => setTab(id)}
								onKeyDown={onTabKey}
								className="text-foreground focus-visible:border-ring focus-visible:ring-ring/50 data-[state=active]:bg-background dark:text-muted-foreground dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30 dark:data-[state=active]:text-foreground inline-flex min-h-8 items-center justify-start gap-1.5 rounded-md max-lg:last:odd:col-span-2 border border-transparent px-3 py-1.5 text-left text-sm font-medium transition-[color,box-shadow] outline-none focus-visible:ring-[3px] data-[state=active]:shadow-sm lg:w-full [&_svg]:size-4 [&_svg]:shrink-0"
							>
								<Icon aria-hidden />
								{t(`profile.tabs.${id}`)}
							</button>
						)
					})}
				</div>
				{tab === 'wallet' ? (
					panel('wallet', wallet, 'grid gap-6')
				) : (
					<form onSubmit={save} noValidate aria-busy={saving} className="min-w-0">
						<Card>
							<CardHeader>
								<CardTitle>
									<h2>{t(`profile.tabs.${tab}`)}</h2>
								</CardTitle>
							</CardHeader>
							<CardContent className="grid gap-6">
								{panel('personal', <PersonalFields {...fields} email={data.email} />)}
								{panel('professional', <ProfessionalFields {...fields} />)}
								{panel('progress', <LearningProgress progress={data.progress} />)}
								{panel('career', <CareerFields {...fields} />)}
								{editable.has(tab) ? (
									// Start, not end: the form now ends the page, and a toast (bottom right) would sit on an end-aligned Save.
									<div className="flex justify-start border-t pt-4">
										<Button type="submit" disabled={saving || !hydrated} className="w-full sm:w-auto">
											{saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
											{saving ? t('profile.saving') : t('profile.save')}
										</Button>
									</div>
								) : null}
							</CardContent>
						</Card>
					</form>
				)}
			</div>
			<LeaveGuard when={dirty} />
		</div>
	)
}
