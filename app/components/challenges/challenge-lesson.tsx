import { Lightbulb, Play, RotateCcw, Sparkles } from 'lucide-react'
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'
import { TextLesson } from '~/components/learn/text-lesson'
import {
	AlertDialog,
	AlertDialogAction,
	AlertDialogCancel,
	AlertDialogContent,
	AlertDialogDescription,
	AlertDialogFooter,
	AlertDialogHeader,
	AlertDialogTitle,
	AlertDialogTrigger,
} from '~/components/ui/alert-dialog'
import { Button } from '~/components/ui/button'
import { Textarea } from '~/components/ui/textarea'
import { toast } from '~/components/ui/toast'
import type { AttemptSummary, ChallengeView, GradeResult, UnlockedHints } from '~/features/challenges/types.ts'
import { useTranslation } from '~/features/i18n/react.tsx'
import { RunResults } from './run-results'

// The editor is CodeMirror, loaded on demand: only challenge lessons fetch it. Until it arrives (or
// without JavaScript) a plain text area holds the code.
const CodeEditor = lazy(() => import('./code-editor'))

type RunReply = { ok: true; result: GradeResult; attempt: AttemptSummary; xpAwarded: number; hints: UnlockedHints } | { ok: false; error: string }

const AUTOSAVE_MS = 800

export function ChallengeLesson(props: ChallengeView & { lessonId: string; html: string }) {
	const { t, i18n } = useTranslation()
	const revalidator = useRevalidator()
	const helpId = useId()
	const [code, setCode] = useState(props.draft ?? props.starter)
	const [attempt, setAttempt] = useState(props.attempt)
	const [result, setResult] = useState<GradeResult | null>(props.attempt.lastResult)
	const [hints, setHints] = useState(props.hints)
	const [running, setRunning] = useState(false)
	const [xpAwarded, setXpAwarded] = useState(0)
	const [error, setError] = useState<string | null>(null)
	const [saveState, setSaveState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle')
	const saved = useRef(code)

	// Autosave on the server, so another device resumes the same code; the starter code is saved as "no draft".
	useEffect(() => {
		if (code === saved.current) return
		const timer = setTimeout(async () => {
			setSaveState('saving')
			try {
				const res = await fetch('/resources/challenges/draft', {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ lessonId: props.lessonId, source: code === props.starter ? null : code }),
				})
				if (!res.ok) throw new Error(String(res.status))
				saved.current = code
				setSaveState('saved')
			} catch {
				setSaveState('failed')
			}
		}, AUTOSAVE_MS)
		return () => clearTimeout(timer)
	}, [code, props.lessonId, props.starter])

	const run = useCallback(async () => {
		if (running) return
		setRunning(true)
		setError(null)
		try {
			const res = await fetch('/resources/challenges/run', {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ lessonId: props.lessonId, source: code }),
			})
			const body = (await res.json().catch(() => ({ ok: false, error: 'challenge.errors.runFailed' }))) as RunReply
			if (!body.ok) {
				setError(t(body.error, { seconds: Number(res.headers.get('retry-after') ?? 0) }))
				return
			}
			saved.current = code
			setResult(body.result)
			setAttempt(body.attempt)
			setHints(body.hints)
			if (body.xpAwarded > 0) {
				setXpAwarded(body.xpAwarded)
				toast.success(t('challenge.completed'), { description: t('challenge.xpEarned', { xp: body.xpAwarded }) })
				// The outline and the lesson's status come from the server.
				void revalidator.revalidate()
			}
		} catch {
			setError(t('challenge.errors.runFailed'))
		} finally {
			setRunning(false)
		}
	}, [code, props.lessonId, revalidator, running, t])

	const markers = useMemo(
		() =>
			result?.status === 'compileError'
				? result.errors.filter((e) => e.file === 'solution' && e.line > 0).map((e) => ({ line: e.line, column: e.column, message: e.message }))
				: [],
		[result],
	)
	const shownHints = i18n.language === 'pt-BR' && hints.pt.length >= hints.en.length ? hints.pt : hints.en
	const fallback = (
		<Textarea
			value={code}
			onChange={(e) => setCode(e.target.value)}
			aria-label={t('challenge.editorLabel')}
			spellCheck={false}
			rows={18}
			className="font-mono text-sm [field-sizing:fixed]"
		/>
	)

	return (
		<div className="grid min-w-0 grid-cols-1 gap-6" data-testid="challenge">
			<TextLesson html={props.html} />

			{attempt.passedAt ? (
				<p className="flex items-center gap-2 rounded-md border border-emerald-500/40 bg-emerald-500/10 p-3 text-sm" data-testid="challenge-completed">
					<Sparkles className="size-4 text-emerald-600" aria-hidden />
					<span>
						<strong>{t('challenge.completed')}</strong>{' '}
						{xpAwarded > 0 ? <strong data-testid="xp-awarded">{t('challenge.xpEarned', { xp: xpAwarded })}</strong> : null} {t('challenge.completedBody')}
					</span>
				</p>
			) : null}

			<section className="grid min-w-0 grid-cols-1 gap-2" aria-label={t('challenge.editorLabel')}>
				<Suspense fallback={fallback}>
					<CodeEditor value={code} onChange={setCode} onRun={run} label={t('challenge.editorLabel')} describedBy={helpId} markers={markers} />
				</Suspense>
				<p id={helpId} className="text-muted-foreground text-xs">
					{t('challenge.editorHelp')}
				</p>
				<div className="flex flex-wrap items-center gap-2">
					<Button type="button" onClick={run} disabled={running} data-testid="run-tests">
						<Play aria-hidden />
						{running ? t('challenge.running') : t('challenge.runTests')}
					</Button>
					<AlertDialog>
						<AlertDialogTrigger asChild>
							<Button type="button" variant="outline" disabled={running || code === props.starter}>
								<RotateCcw aria-hidden />
								{t('challenge.reset')}
							</Button>
						</AlertDialogTrigger>
						<AlertDialogContent>
							<AlertDialogHeader>
								<AlertDialogTitle>{t('challenge.resetTitle')}</AlertDialogTitle>
								<AlertDialogDescription>{t('challenge.resetBody')}</AlertDialogDescription>
							</AlertDialogHeader>
							<AlertDialogFooter>
								<AlertDialogCancel>{t('challenge.cancel')}</AlertDialogCancel>
								<AlertDialogAction onClick={() => setCode(props.starter)}>{t('challenge.resetConfirm')}</AlertDialogAction>
							</AlertDialogFooter>
						</AlertDialogContent>
					</AlertDialog>
					<span className="text-muted-foreground ml-auto text-xs" role="status" data-testid="draft-status">
						{saveState === 'idle' ? '' : t(`challenge.draft.${saveState}`)}
					</span>
				</div>
			</section>

			<section className="grid gap-3" aria-labelledby="challenge-results" aria-live="polite" aria-busy={running}>
				<h2 id="challenge-results" className="flex flex-wrap items-center justify-between gap-2 text-lg font-semibold">
					{t('challenge.results')}
					{attempt.runs > 0 ? <span className="text-muted-foreground text-sm font-normal">{t('challenge.attempts', { count: attempt.runs })}</span> : null}
				</h2>
				{error ? (
					<p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="run-error">
						{error}
					</p>
				) : null}
				{result ? <RunResults result={result} settings={props.settings} /> : <p className="text-muted-foreground text-sm">{t('challenge.notRun')}</p>}
			</section>

			{props.hintCount > 0 ? (
				<section className="grid gap-2" aria-labelledby="challenge-hints">
					<h2 id="challenge-hints" className="flex items-center gap-2 text-lg font-semibold">
						<Lightbulb className="size-4 text-amber-500" aria-hidden />
						{t('challenge.hints.title')}
					</h2>
					{shownHints.length ? (
						<ol className="grid gap-1.5 text-sm" data-testid="hints">
							{shownHints.map((h, i) => (
								<li key={i} className="rounded-md border bg-amber-500/5 p-2">
									<strong>{t('challenge.hints.hint', { n: i + 1 })}:</strong> {h}
								</li>
							))}
						</ol>
					) : null}
					{shownHints.length < props.hintCount ? <p className="text-muted-foreground text-xs">{t('challenge.hints.locked')}</p> : null}
				</section>
			) : null}
		</div>
	)
}
