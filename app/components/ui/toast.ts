import { toast as sonner, type ExternalToast } from 'sonner'

/**
 * sonner's toasts keyed by their text: the same message shown again (two lessons created in a row, a
 * second click on Save with the same error) refreshes the toast on screen instead of stacking a copy.
 */
export const toast = {
	success: (message: string, data?: ExternalToast) => sonner.success(message, { id: message, ...data }),
	error: (message: string, data?: ExternalToast) => sonner.error(message, { id: message, ...data }),
}
