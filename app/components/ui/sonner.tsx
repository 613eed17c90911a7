import type * as React from 'react'
import { CircleCheckIcon, InfoIcon, Loader2Icon, OctagonXIcon, TriangleAlertIcon } from 'lucide-react'
import { Toaster as Sonner, type ToasterProps } from 'sonner'

// Theme-agnostic wrapper (no next-themes): colours come from the CSS
// variables, and callers may still pass `theme` explicitly if needed.
// One toast on screen (spec: toast limit 1); toast.ts also dismisses the older one when a new one comes.
function Toaster({ position = 'bottom-right', visibleToasts = 1, ...props }: ToasterProps) {
	return (
		<Sonner
			className="toaster group"
			position={position}
			visibleToasts={visibleToasts}
			icons={{
				success: <CircleCheckIcon className="size-4" />,
				info: <InfoIcon className="size-4" />,
				warning: <TriangleAlertIcon className="size-4" />,
				error: <OctagonXIcon className="size-4" />,
				loading: <Loader2Icon className="size-4 animate-spin" />,
			}}
			style={
				{
					'--normal-bg': 'var(--popover)',
					'--normal-text': 'var(--popover-foreground)',
					'--normal-border': 'var(--border)',
					'--border-radius': 'var(--radius)',
				} as React.CSSProperties
			}
			{...props}
		/>
	)
}

export { Toaster }
