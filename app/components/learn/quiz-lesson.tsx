import { CheckCircle2, XCircle } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { useFetcher } from 'react-router'
import { Button } from '~/components/ui/button'
import type { PublicQuestion } from '~/features/quiz/quiz.ts'
import { cn } from '~/lib/utils'
import { EnglishOnly } from './catalog-facts'

type AnswerData =
	| { ok: true; index: number; correct: boolean; correctAnswer: string; done: boolean; score?: { correct: number; total: number } }
	| { ok: false; error: string }

/** One question at a time, graded on the server; the first answer to each question counts. */
export function QuizLesson(props: {
	lessonId: string
	questions: PublicQuestion[]
	answered: number
	lastScore: { correct: number; total: number } | null
}) {
	const { t } = useTranslation()
	const groupId = useId()
	// A new fetcher key per attempt, so a retake starts without the previous attempt's results.
	const [attempt, setAttempt] = useState(0)
	const fetcher = useFetcher<AnswerData>({ key: `quiz-${props.lessonId}-${attempt}` })
	const [index, setIndex] = useState(Math.min(props.answered, Math.max(0, props.questions.length - 1)))
	const [choice, setChoice] = useState<string | null>(null)
	const [score, setScore] = useState(props.answered === 0 ? props.lastScore : null)
	const [finalScore, setFinalScore] = useState<{ correct: number; total: number } | null>(null)
	const result = fetcher.data?.ok && fetcher.data.index === index ? fetcher.data : null

	useEffect(() => {
		if (fetcher.state === 'idle' && fetcher.data?.ok && fetcher.data.done && fetcher.data.score) setFinalScore(fetcher.data.score)
	}, [fetcher.state, fetcher.data])

	if (props.questions.length === 0) return <p className="text-muted-foreground">{t('learn.noQuiz')}</p>

	if (score)
		return (
			<div className="grid gap-4">
				<p role="alert" className="bg-primary/10 rounded-lg border p-4 text-lg font-medium" data-testid="quiz-score">
					{t('learn.quizScore', { correct: score.correct, total: score.total })}
				</p>
				<Button
					variant="outline"
					className="justify-self-start"
					onClick={() => {
						setScore(null)
						setFinalScore(null)
						setIndex(0)
						setChoice(null)
						setAttempt((a) => a + 1)
					}}
				>
					{t('learn.retakeQuiz')}
				</Button>
			</div>
		)

	const q = props.questions[index]!
	const last = index === props.questions.length - 1
	return (
		<div className="grid gap-4">
			<p className="text-muted-foreground text-sm">{t('learn.questionOf', { n: index + 1, total: props.questions.length })}</p>
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
						return (
							<label
								key={option}
								htmlFor={id}
								className={cn(
									'flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm transition-colors has-[:checked]:border-primary',
									isAnswer && 'border-emerald-600 bg-emerald-500/10',
									isWrongChoice && 'border-destructive bg-destructive/10',
								)}
							>
								<input id={id} type="radio" name="answer" value={option} checked={choice === option} onChange={() => setChoice(option)} className="accent-primary" />
								{q.labels?.[i] ?? option}
							</label>
						)
					})}
				</fieldset>
				{result ? (
					<p role="status" className={cn('flex items-center gap-2 font-medium', result.correct ? 'text-emerald-700' : 'text-destructive')}>
						{result.correct ? <CheckCircle2 className="size-5" aria-hidden /> : <XCircle className="size-5" aria-hidden />}
						{result.correct ? t('learn.correct') : t('learn.incorrect', { answer: q.labels?.[q.options.indexOf(result.correctAnswer)] ?? result.correctAnswer })}
					</p>
				) : null}
				{fetcher.data && !fetcher.data.ok ? <p role="alert" className="text-destructive text-sm">{t('learn.errors.answerFailed')}</p> : null}
				<div className="flex gap-2">
					{result ? (
						<Button
							type="button"
							onClick={() => {
								setChoice(null)
								if (last) setScore(finalScore ?? result.score ?? null)
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
