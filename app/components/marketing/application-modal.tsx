import { LoaderCircle } from 'lucide-react'
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { useLocation, useNavigate } from 'react-router'
import { Button } from '~/components/ui/button'
import { isApplicationType, type ApplicationType } from '~/features/applications/types.ts'
import { cn } from '~/lib/utils'
import type { ApplicationFormDialogProps } from './application-form-dialog'

// The dialog, its form and zod load on first intent (hover, focus, touch) or click, so the
// landings' first paint ships none of it.
let dialogModule: Promise<{ default: React.ComponentType<ApplicationFormDialogProps> }> | undefined
export function loadApplicationDialog() {
	dialogModule ??= import('./application-form-dialog')
	return dialogModule
}
const ApplicationFormDialog = lazy(loadApplicationDialog)

const ApplicationContext = createContext<((type: ApplicationType, opener?: HTMLElement) => void) | null>(null)

/**
 * Holds the modal's state for the landings. `?apply=<type>` opens it too: that is where a
 * call to action clicked before hydration (or a shared link) lands.
 */
export function ApplicationModalProvider({ children }: { children: React.ReactNode }) {
	const { t } = useTranslation()
	const location = useLocation()
	const navigate = useNavigate()
	const [state, setState] = useState<{ type: ApplicationType | null; open: boolean }>({ type: null, open: false })
	const fromUrl = new URLSearchParams(location.search).get('apply')
	// Where focus goes back to when the modal closes: the call to action that opened it.
	const opener = useRef<HTMLElement | null>(null)

	useEffect(() => {
		if (isApplicationType(fromUrl)) setState({ type: fromUrl, open: true })
	}, [fromUrl])

	const open = useCallback((type: ApplicationType, from?: HTMLElement) => {
		opener.current = from ?? null
		setState({ type, open: true })
	}, [])
	const onOpenChange = useCallback(
		(next: boolean) => {
			setState((s) => ({ ...s, open: next }))
			if (!next && fromUrl) {
				const params = new URLSearchParams(location.search)
				params.delete('apply')
				const search = params.toString()
				void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, preventScrollReset: true })
			}
		},
		[fromUrl, location, navigate],
	)

	return (
		<ApplicationContext.Provider value={open}>
			{children}
			{state.type ? (
				<Suspense
					fallback={
						state.open ? (
							<div role="status" className="fixed inset-0 z-50 grid place-items-center bg-black/40">
								<LoaderCircle className="size-8 animate-spin text-white" aria-hidden />
								<span className="sr-only">{t('applications.modal.loading')}</span>
							</div>
						) : null
					}
				>
					<ApplicationFormDialog type={state.type} open={state.open} onOpenChange={onOpenChange} returnFocus={opener} />
				</Suspense>
			) : null}
		</ApplicationContext.Provider>
	)
}

/**
 * A call to action that opens the application modal with its form type. It is a real link to
 * `?apply=<type>`, so it works before the page hydrates.
 */
export function ApplyButton({
	type,
	children,
	className,
	variant,
	size = 'lg',
}: {
	type: ApplicationType
	children: React.ReactNode
	className?: string
	variant?: React.ComponentProps<typeof Button>['variant']
	size?: React.ComponentProps<typeof Button>['size']
}) {
	const open = useContext(ApplicationContext)
	const handlers = useMemo(() => {
		const preload = () => void loadApplicationDialog()
		return { onPointerEnter: preload, onFocus: preload, onTouchStart: preload }
	}, [])
	return (
		<Button asChild variant={variant} size={size} className={cn(className)}>
			<a
				href={`?apply=${type}`}
				aria-haspopup="dialog"
				data-apply={type}
				{...handlers}
				onClick={(e) => {
					if (!open || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
					e.preventDefault()
					open(type, e.currentTarget)
				}}
			>
				{children}
			</a>
		</Button>
	)
}
