import { toast } from '~/components/ui/toast'
import type { TFunction } from '~/features/i18n/translate.ts'

/**
 * A refused or failed enrollment: the spec's 'Error while enrolling' with 'Failed to enroll' beneath when the
 * server failed, or the server's own reason (path not found, the database away) when it gave one.
 */
export function enrollFailedToast(t: TFunction, error: string | undefined) {
	if (!error || error === 'learn.errors.enrollError') toast.error(t('learn.errors.enrollError'), { description: t('learn.errors.enrollFailed') })
	else toast.error(t(error))
}
