import { KeyRound, LogOut, Shield, User } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { useState } from 'react'
import { Avatar, AvatarFallback, AvatarImage } from '~/components/ui/avatar'
import { Button } from '~/components/ui/button'
import {
	DropdownMenu,
	DropdownMenuContent,
	DropdownMenuItem,
	DropdownMenuLabel,
	DropdownMenuSeparator,
	DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu'
import { avatarInitials, displayName, type SessionUser } from '~/features/auth/user.ts'
import { ROUTER_LINK } from '~/hooks/use-router-clicks.ts'
import { WalletDialogHost, WalletMenuItem } from '~/components/wallet/wallet-menu'
import { ThemeMenuItems } from '~/components/dashboard/theme-menu'
import { clearClientState } from '~/lib/reset-client.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'

/**
 * Sign out always ends the visit (spec section 4): the server deletes the session and clears its cookie
 * (even when the database is away, features/auth/flows.server.ts); whether or not that call gets through,
 * the browser's own state is cleared and it goes to / with a full page load.
 */
async function signOutEverywhere() {
	try {
		const res = await fetch('/logout', { method: 'POST', redirect: 'manual', credentials: 'same-origin' })
		if (res.type !== 'opaqueredirect' && !res.ok) console.warn('sign-out failed', res.status)
	} catch (error) {
		console.warn('sign-out failed', error)
	}
	clearClientState()
	window.location.assign('/')
}

/** The menu's button: its name is its content, not an aria-label (the name it shows must be part of its name, WCAG 2.5.3). */
function AccountButton({ user, ...props }: { user: SessionUser } & React.ComponentProps<typeof Button>) {
	const { t } = useTranslation()
	return (
		<Button variant="ghost" className="h-9 gap-2 px-2" {...props}>
			<Avatar className="size-7" aria-hidden>
				{user.image ? <AvatarImage src={user.image} alt="" /> : null}
				<AvatarFallback className="text-xs">{avatarInitials(user.email)}</AvatarFallback>
			</Avatar>
			<span className="sr-only">{t('nav.accountMenu')}</span>
			<span className="hidden max-w-40 truncate text-sm sm:inline">{displayName(user)}</span>
		</Button>
	)
}

/**
 * The account menu. Radix's menu is a fifth of the signed-in layout's server render (issue 21, measured) for a
 * button whose menu only a running page can open, so the server and hydration render the button alone, as the
 * menu's trigger would (closed), and the menu takes it over once the page runs.
 */
export function UserMenu({ user, isAdmin }: { user: SessionUser; isAdmin: boolean }) {
	const hydrated = useHydrated()
	if (!hydrated)
		return <AccountButton user={user} type="button" aria-haspopup="menu" aria-expanded={false} data-state="closed" data-slot="dropdown-menu-trigger" />
	return <AccountMenu user={user} isAdmin={isAdmin} />
}

function AccountMenu({ user, isAdmin }: { user: SessionUser; isAdmin: boolean }) {
	const { t } = useTranslation()
	const [signingOut, setSigningOut] = useState(false)
	return (
		<DropdownMenu>
			<DropdownMenuTrigger asChild>
				<AccountButton user={user} />
			</DropdownMenuTrigger>
			<DropdownMenuContent align="end" className="w-56">
				<DropdownMenuLabel>
					<div className="font-medium">{t('nav.myAccount')}</div>
					<div className="text-muted-foreground truncate text-xs font-normal">{user.email}</div>
				</DropdownMenuLabel>
				<DropdownMenuSeparator />
				<DropdownMenuItem asChild>
					<a {...ROUTER_LINK} href="/dashboard/profile">
						<User aria-hidden />
						{t('nav.profile')}
					</a>
				</DropdownMenuItem>
				{isAdmin ? (
					<DropdownMenuItem asChild>
						<a {...ROUTER_LINK} href="/dashboard/admin">
							<Shield aria-hidden />
							{t('nav.admin')}
						</a>
					</DropdownMenuItem>
				) : null}
				<DropdownMenuItem asChild>
					{/* A full page load: the sign-in pages are static HTML (docs/decisions/0006). */}
					<a href="/update-password">
						<KeyRound aria-hidden />
						{t('nav.changePassword')}
					</a>
				</DropdownMenuItem>
				<WalletMenuItem />
				<DropdownMenuSeparator />
				<ThemeMenuItems />
				<DropdownMenuSeparator />
				<DropdownMenuItem
					disabled={signingOut}
					onSelect={(e) => {
						e.preventDefault()
						if (signingOut) return
						setSigningOut(true)
						void signOutEverywhere()
					}}
				>
					<LogOut aria-hidden />
					{signingOut ? t('nav.signingOut') : t('nav.signOut')}
				</DropdownMenuItem>
			</DropdownMenuContent>
			{/* Beside the menu's content, not in it: the connect dialog stays open when the menu closes. */}
			<WalletDialogHost />
		</DropdownMenu>
	)
}
