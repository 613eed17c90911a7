import { CheckCircle2, RotateCcw, Trophy, XCircle } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { useFetcher } from 'react-router'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/toast'
import type { AnswerResult, PublicQuestion, QuizScore } from '~/features/quiz/quiz.ts'
import { cn } from '~/lib/utils'
import { EnglishOnly } from './catalog-facts'
import { ROUTER_LINK } from '~/hooks/use-router-clicks.ts'

type Score = QuizScore
// The action may also refuse for reasons of its own (a database away, a malformed form).
type AnswerData = AnswerResult | { ok: false; error: string }

type Finished = { score: Score; passed: boolean; xpAwarded: number }

/**
 * One question at a time, graded on the server; the first answer to each question counts. An attempt that
 * reaches the pass mark completes the lesson (on the server); below it the score screen offers a retry.
 */
export function QuizLesson(props: {
	lessonId: string
	questions: PublicQuestion[]
	answered: number
	lastScore: Score | null
	passPercent: number
	passed: boolean
	nextUrl: string | null
	/** The button's words for nextUrl (the next lesson, or the course-finished screen). */
	nextLabel?: string
	/** The lesson was completed by this pass (the player updates its outline and course-finished state). */
	onPassed?: () => void
}) {
	const { t } = useTranslation()
	const groupId = useId()
	// A new fetcher key per attempt, so a retake starts without the previous attempt's results.
	const [attempt, setAttempt] = useState(0)
	const fetcher = useFetcher<AnswerData>({ key: `quiz-${props.lessonId}-${attempt}` })
	const [index, setIndex] = useState(Math.min(props.answered, Math.max(0, props.questions.length - 1)))
	const [choice, setChoice] = useState<string | null>(null)
	const [finished, setFinished] = useState<Finished | null>(
		props.answered === 0 && props.lastScore ? { score: props.lastScore, passed: props.passed, xpAwarded: 0 } : null,
	)
	const [pending, setPending] = useState<Finished | null>(null)
	const result = fetcher.data?.ok && fetcher.data.index === index ? fetcher.data : null

	useEffect(() => {
		if (fetcher.state !== 'idle' || !fetcher.data?.ok || !fetcher.data.done || !fetcher.data.score) return
		const d = fetcher.data
		setPending({ score: d.score!, passed: Boolean(d.passed) || props.passed, xpAwarded: d.xpAwarded ?? 0 })
		if (d.passed) {
			toast.success(t('learn.markedComplete'), {
				description:
					[d.xpAwarded ? t('learn.xpEarned', { xp: d.xpAwarded }) : '', d.enrolledPathTitle ? t('learn.enrolledNote', { path: d.enrolledPathTitle }) : '']
						.filter(Boolean)
						.join(' · ') || undefined,
				action: d.certificateId ? { label: t('certificate.view'), onClick: () => window.location.assign(`/certificates/${d.certificateId}`) } : undefined,
			})
			props.onPassed?.()
		}
		// Only react to a finished submission, not to re-renders.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [fetcher.state, fetcher.data])

	if (props.questions.length === 0) return <p className="text-muted-foreground">{t('learn.noQuiz')}</p>

	if (finished) {
		const percent = finished.score.total ? Math.round((finished.score.correct * 100) / finished.score.total) : 0
		return (
			<section className="grid gap-4 rounded-lg border p-5" aria-labelledby={`${groupId}-score`} data-testid="quiz-result" data-passed={finished.passed}>
				<h2 id={`${groupId}-score`} className="flex items-center gap-2 text-lg font-semibold">
					{finished.passed ? <Trophy className="size-5 text-amber-500" aria-hidden /> : <RotateCcw className="text-muted-foreground size-5" aria-hidden />}
					{finished.passed ? t('learn.quiz.passedTitle') : t('learn.quiz.failedTitle')}
				</h2>
				<p role="alert" className="text-lg font-medium" data-testid="quiz-score">
					{t('learn.quizScore', { correct: finished.score.correct, total: finished.score.total })}
				</p>
				<p className="text-muted-foreground text-sm" data-testid="quiz-pass-mark">
					{t('learn.quiz.percent', { percent, pass: props.passPercent })}
				</p>
				{finished.xpAwarded ? <p className="font-medium text-emerald-700 dark:text-emerald-400">{t('learn.xpEarned', { xp: finished.xpAwarded })}</p> : null}
				{!finished.passed ? <p>{t('learn.quiz.retryHint', { pass: props.passPercent })}</p> : null}
				<div className="flex flex-wrap gap-2">
					<Button
						variant={finished.passed ? 'outline' : 'default'}
						onClick={() => {
							setFinished(null)
							setPending(null)
							setIndex(0)
							setChoice(null)
							setAttempt((a) => a + 1)
						}}
					>
						{finished.passed ? t('learn.retakeQuiz') : t('learn.quiz.tryAgain')}
					</Button>
					{finished.passed && props.nextUrl ? (
						<Button asChild>
							<a {...ROUTER_LINK} href={props.nextUrl}>
								{props.nextLabel ?? t('learn.quiz.continue')}
							</a>
						</Button>
					) : null}
				</div>
			</section>
		)
	}

	const q = props.questions[index]!
	const last = index === props.questions.length - 1
	return (
		<div className="grid gap-4">
			<p className="text-muted-foreground text-sm">
				{t('learn.questionOf', { n: index + 1, total: props.questions.length })} · {t('learn.quiz.passMark', { pass: props.passPercent })}
			</p>
			<fetcher.Form method="post" className="grid gap-4">
				<input type="hidden" name="intent" value="answer" />
				<input type="hidden" name="lessonId" value={props.lessonId} />
				<input type="hidden" name="index" value={index} />
				<fieldset className="grid gap-2" disabled={Boolean(result)}>
					<legend className="mb-2 text-lg font-medium">
						{q.question} <EnglishOnly show={Boolean(q.englishOnly)} className="align-middle" />
					</legend>
					{q.options.map((option, i) => {
						const id = `${groupId}-${i}`
						const isAnswer = result && option === result.correctAnswer
						const isWrongChoice = result && !result.correct && option === choice
						const explanation = result?.explanations[i]
						return (
							<label
								key={option}
								htmlFor={id}
								className={cn(
									'grid cursor-pointer gap-1 rounded-lg border p-3 text-sm transition-colors has-[:checked]:border-primary',
									isAnswer && 'border-emerald-600 bg-emerald-500/10',
									isWrongChoice && 'border-destructive bg-destructive/10',
								)}
							>
								<span className="flex items-center gap-3">
									<input
										id={id}
										type="radio"
										name="answer"
										value={option}
										checked={choice === option}
										onChange={() => setChoice(option)}
										className="accent-primary"
									/>
									{q.labels?.[i] ?? option}
								</span>
								{explanation ? (
									<span className="text-muted-foreground ps-7" data-testid="quiz-explanation">
										{explanation}
									</span>
								) : null}
							</label>
						)
					})}
				</fieldset>
				{result ? (
					<p
						role="status"
						className={cn('flex items-center gap-2 font-medium', result.correct ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive')}
					>
						{result.correct ? <CheckCircle2 className="size-5" aria-hidden /> : <XCircle className="size-5" aria-hidden />}
						{result.correct
							? t('learn.correct')
							: t('learn.incorrect', { answer: q.labels?.[q.options.indexOf(result.correctAnswer)] ?? result.correctAnswer })}
					</p>
				) : null}
				{fetcher.data && !fetcher.data.ok ? (
					<p role="alert" className="text-destructive text-sm">
						{t('learn.errors.answerFailed')}
					</p>
				) : null}
				<div className="flex gap-2">
					{result ? (
						<Button
							type="button"
							onClick={() => {
								setChoice(null)
								if (last)
									setFinished(pending ?? (result.score ? { score: result.score, passed: Boolean(result.passed), xpAwarded: result.xpAwarded ?? 0 } : null))
								else setIndex(index + 1)
							}}
						>
							{last ? t('learn.seeScore') : t('learn.nextQuestion')}
						</Button>
					) : (
						<Button type="submit" disabled={!choice || fetcher.state !== 'idle'}>
							{t('learn.submitAnswer')}
						</Button>
					)}
				</div>
			</fetcher.Form>
		</div>
	)
}
