import { Button } from '~/components/ui/button'
import type { ApplicationType } from '~/features/applications/types.ts'
import { cn } from '~/lib/utils'

/**
 * A call to action that opens the application modal with its form type. It is a real link to
 * `?apply=<type>`; the landing island (app/islands/landing.ts) turns the click into the modal.
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
	return (
		<Button asChild variant={variant} size={size} className={cn(className)}>
			<a href={`?apply=${type}`} aria-haspopup="dialog" data-apply={type}>
				{children}
			</a>
		</Button>
	)
}
