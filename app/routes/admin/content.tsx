import { Download, FileArchive, Upload } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { data, useFetcher } from 'react-router'
import { toast } from '~/components/ui/toast'
import { describedBy } from '~/components/admin/fields'
import type { Crumb } from '~/components/dashboard/breadcrumbs'
import { PageHeader } from '~/components/page-header'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select'
import { importBundle, MAX_UPLOAD_BYTES } from '~/features/admin/bundle-import.server.ts'
import { BundleError } from '~/features/admin/bundle-zip.server.ts'
import { listPaths } from '~/features/admin/lists.server.ts'
import type { ImportPreview } from '~/features/admin/types.ts'
import { describeIssue, type ContentIssue } from '~/features/catalog/issues.ts'
import { requireAdmin } from '~/features/auth/session.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import { getDb } from '~/lib/db.server.ts'
import { readFields } from '~/lib/forms.server.ts'
import { log } from '~/lib/log.server.ts'
import type { Route } from './+types/content'
import { rethrowFault } from '#db/faults.ts'

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const t = getT(request)
	const paths = (await listPaths()).map((p) => ({ slug: p.slug, title: p.title }))
	return {
		paths,
		title: t('admin.content.title'),
		crumbs: [{ label: t('nav.admin'), to: '/dashboard/admin' }, { label: t('admin.content.title') }] satisfies Crumb[],
	}
}

type ImportResult =
	| { ok: true; intent: 'preview' | 'apply'; preview: ImportPreview }
	| { ok: false; error: string; detail?: string; values?: Record<string, number>; issues?: ContentIssue[] }

// POST multipart intent=preview|apply + bundle=<.zip>: the dry run, then the import in one transaction.
export async function action({ request }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const fail = (status: number, error: string, extra: Partial<Extract<ImportResult, { ok: false }>> = {}) =>
		data<ImportResult>({ ok: false, error, ...extra }, { status })
	const mb = MAX_UPLOAD_BYTES / 1024 / 1024
	const read = await readFields(request, { kind: 'pack', tooLarge: 'admin.content.errors.tooLarge', fallback: 'admin.errors.badRequest' })
	if (!read.ok) return fail(read.status, read.error, read.status === 413 ? { values: { mb } } : {})
	const { intent, bundle: file } = read.values
	if (intent !== 'preview' && intent !== 'apply') return fail(400, 'admin.errors.badRequest')
	if (!(file instanceof File) || file.size === 0) return fail(400, 'admin.content.errors.noFile')
	if (file.size > MAX_UPLOAD_BYTES) return fail(413, 'admin.content.errors.tooLarge', { values: { mb } })
	try {
		const bytes = new Uint8Array(await file.arrayBuffer())
		const preview = await importBundle(await getDb(), bytes, { apply: intent === 'apply', actorId: admin.id, signal: request.signal })
		return data<ImportResult>({ ok: true, intent, preview })
	} catch (error) {
		rethrowFault(error)
		if (error instanceof BundleError && error.issues.length) return fail(400, 'admin.content.errors.invalidList', { issues: error.issues })
		if (error instanceof BundleError)
			return fail(error.code === 'tooLarge' ? 413 : 400, `admin.content.errors.${error.code}`, { detail: error.detail, values: { mb } })
		// The admin went away mid-import (the request's signal stops the unpacking): nobody to answer.
		if (request.signal.aborted) return fail(400, 'admin.errors.badRequest')
		log.error('content import failed', { error: String(error) })
		return fail(500, 'admin.content.failed')
	}
}

export const handle = { breadcrumbs: (d: unknown) => (d as { crumbs: Crumb[] }).crumbs }

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }]

export default function ContentTransfer({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	return (
		<>
			<PageHeader title={t('admin.content.title')} description={t('admin.content.description')} />
			<div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
				<ExportCard paths={loaderData.paths} />
				<ImportCard />
			</div>
		</>
	)
}

function ExportCard({ paths }: { paths: { slug: string; title: string }[] }) {
	const { t } = useTranslation()
	const [scope, setScope] = useState('all')
	const href = `/dashboard/admin/content/export${scope === 'all' ? '' : `?path=${encodeURIComponent(scope)}`}`
	return (
		<Card className="h-fit">
			<CardHeader>
				<CardTitle className="flex items-center gap-2">
					<Download className="text-primary size-5" aria-hidden />
					{t('admin.content.export.heading')}
				</CardTitle>
				<CardDescription>{t('admin.content.export.body')}</CardDescription>
			</CardHeader>
			<CardContent className="grid gap-4">
				<div className="grid gap-1.5">
					<Label htmlFor="export-scope">{t('admin.content.export.scope')}</Label>
					<Select value={scope} onValueChange={setScope}>
						<SelectTrigger id="export-scope" className="w-full">
							<SelectValue />
						</SelectTrigger>
						<SelectContent position="popper" className="max-h-72">
							<SelectItem value="all">{t('admin.content.export.all')}</SelectItem>
							{paths.map((p) => (
								<SelectItem key={p.slug} value={p.slug}>
									{p.title}
								</SelectItem>
							))}
						</SelectContent>
					</Select>
				</div>
				<Button asChild className="justify-self-start">
					<a href={href} download>
						<FileArchive aria-hidden />
						{t('admin.content.export.button')}
					</a>
				</Button>
				<p className="text-muted-foreground text-xs">{t('admin.content.cli')}</p>
			</CardContent>
		</Card>
	)
}

function ImportCard() {
	const { t } = useTranslation()
	const fetcher = useFetcher<ImportResult>()
	const [file, setFile] = useState<File | null>(null)
	const [result, setResult] = useState<ImportResult | null>(null)
	const input = useRef<HTMLInputElement>(null)
	const handled = useRef<ImportResult | undefined>(undefined)
	const busy = fetcher.state !== 'idle'
	const pendingIntent = fetcher.formData?.get('intent')

	useEffect(() => {
		const d = fetcher.data
		if (fetcher.state === 'submitting' || !d || handled.current === d) return
		handled.current = d
		setResult(d)
		if (!d.ok) toast.error(t('admin.content.failed'))
		else if (d.intent === 'apply') {
			const sum = (k: 'create' | 'update') => Object.values(d.preview.counts[k]).reduce((a, b) => a + b, 0)
			toast.success(t('admin.content.applied', { created: sum('create'), updated: sum('update') }))
		}
	}, [fetcher.state, fetcher.data, t])

	const send = (intent: 'preview' | 'apply') => {
		if (!file) {
			setResult({ ok: false, error: 'admin.content.errors.noFile' })
			input.current?.focus()
			return
		}
		const body = new FormData()
		body.set('intent', intent)
		body.set('bundle', file)
		void fetcher.submit(body, { method: 'post', encType: 'multipart/form-data' })
	}

	const error = result && !result.ok ? result : null
	const preview = result?.ok ? result : null
	return (
		<Card>
			<CardHeader>
				<CardTitle className="flex items-center gap-2">
					<Upload className="text-primary size-5" aria-hidden />
					{t('admin.content.import.heading')}
				</CardTitle>
				<CardDescription>{t('admin.content.import.body')}</CardDescription>
			</CardHeader>
			<CardContent className="grid gap-4">
				<form
					className="grid gap-3"
					onSubmit={(e) => {
						e.preventDefault()
						send('preview')
					}}
				>
					<div className="grid gap-1.5">
						<Label htmlFor="import-file">{t('admin.content.import.file')}</Label>
						<Input
							ref={input}
							id="import-file"
							type="file"
							accept=".zip,application/zip"
							aria-invalid={error ? true : undefined}
							aria-describedby={describedBy('import-file', error?.error)}
							onChange={(e) => {
								setFile(e.target.files?.[0] ?? null)
								setResult(null)
							}}
						/>
						{error ? (
							<p id="import-file-error" role="alert" className="text-destructive text-sm break-words">
								{t(error.error, { ...error.values, detail: error.detail })}
								{error.detail && error.error !== 'admin.content.errors.invalid' ? ` (${error.detail})` : null}
							</p>
						) : null}
						{error?.issues?.length ? (
							<ul className="text-destructive grid list-disc gap-1 pl-5 text-sm break-words" data-testid="import-issues">
								{error.issues.map((i, n) => (
									<li key={n}>{describeIssue(t, i)}</li>
								))}
							</ul>
						) : null}
					</div>
					<div className="flex flex-wrap gap-2">
						<Button type="submit" variant={preview?.intent === 'preview' ? 'outline' : 'default'} disabled={busy}>
							{busy && pendingIntent === 'preview' ? t('admin.content.import.previewing') : t('admin.content.import.preview')}
						</Button>
						{preview?.intent === 'preview' ? (
							<Button type="button" disabled={busy} onClick={() => send('apply')}>
								{busy && pendingIntent === 'apply' ? t('admin.content.import.applying') : t('admin.content.import.apply')}
							</Button>
						) : null}
					</div>
				</form>
				{preview ? <PreviewTable preview={preview.preview} applied={preview.intent === 'apply'} /> : null}
			</CardContent>
		</Card>
	)
}

const levels = ['paths', 'courses', 'modules', 'lessons'] as const

function PreviewTable({ preview, applied }: { preview: ImportPreview; applied: boolean }) {
	const { t } = useTranslation()
	return (
		<section aria-label={t(applied ? 'admin.content.import.done' : 'admin.content.import.dryRun')} className="grid gap-3" data-testid="import-preview">
			<h3 className="font-medium">{t(applied ? 'admin.content.import.done' : 'admin.content.import.dryRun')}</h3>
			<div className="relative overflow-x-auto rounded-lg border">
				<table className="w-full text-sm">
					<thead className="bg-muted/50 text-muted-foreground text-left">
						<tr>
							<th scope="col" className="px-3 py-2 font-medium">
								<span className="sr-only">{t('admin.content.import.level')}</span>
							</th>
							<th scope="col" className="px-3 py-2 text-right font-medium">
								{t(applied ? 'admin.content.import.created' : 'admin.content.import.willCreate')}
							</th>
							<th scope="col" className="px-3 py-2 text-right font-medium">
								{t(applied ? 'admin.content.import.updated' : 'admin.content.import.willUpdate')}
							</th>
						</tr>
					</thead>
					<tbody className="divide-y">
						{levels.map((l) => (
							<tr key={l} data-testid={`import-${l}`}>
								<th scope="row" className="px-3 py-2 text-left font-medium">
									{t(`admin.sections.${l}`)}
								</th>
								<td className="px-3 py-2 text-right tabular-nums">{preview.counts.create[l]}</td>
								<td className="px-3 py-2 text-right tabular-nums">{preview.counts.update[l]}</td>
							</tr>
						))}
					</tbody>
				</table>
			</div>
			<details className="rounded-lg border p-3 text-sm">
				<summary className="cursor-pointer font-medium">{t('admin.content.import.items', { count: preview.items.length })}</summary>
				<ul className="mt-2 grid max-h-80 gap-1 overflow-y-auto">
					{preview.items.map((i) => (
						<li key={`${i.kind}:${i.key}`} className="flex min-w-0 items-center gap-2">
							<Badge variant={i.action === 'create' ? 'default' : 'secondary'} className="w-20 justify-center">
								{t(`admin.content.import.action.${i.action}`)}
							</Badge>
							<span className="text-muted-foreground w-16 shrink-0 text-xs uppercase">{t(`admin.content.import.kind.${i.kind}`)}</span>
							<span className="truncate" title={i.key}>
								{i.title}
							</span>
						</li>
					))}
				</ul>
			</details>
			{!applied ? <p className="text-muted-foreground text-xs">{t('admin.content.import.note')}</p> : null}
		</section>
	)
}
