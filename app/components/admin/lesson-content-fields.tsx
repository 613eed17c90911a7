import { CheckCircle2, TriangleAlert } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Button } from '~/components/ui/button'
import { Textarea } from '~/components/ui/textarea'
import { errorText } from '~/features/admin/schemas.ts'
import { parseQuiz } from '~/features/quiz/quiz.ts'
import { youtubeId } from '~/lib/youtube.ts'
import { describedBy, Field, InputField } from './fields'

/** The video URL with the YouTube id it parses to, or the learner-facing invalid-URL message, as you type. */
export function VideoUrlField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
	const { t } = useTranslation()
	const id = youtubeId(value)
	const hint = !value.trim() ? null : id ? (
		<span className="flex items-center gap-1.5 text-emerald-700 dark:text-emerald-400" data-testid="youtube-id">
			<CheckCircle2 className="size-3.5" aria-hidden />
			{t('admin.video.id')} <code className="font-mono">{id}</code>
		</span>
	) : (
		<span className="flex items-center gap-1.5 text-amber-700 dark:text-amber-400" data-testid="youtube-id">
			<TriangleAlert className="size-3.5" aria-hidden />
			{t('admin.video.invalid')}
		</span>
	)
	return (
		<InputField
			id="lesson-content"
			label={t('admin.fields.videoUrl')}
			type="url"
			inputMode="url"
			placeholder="https://www.youtube.com/watch?v=…"
			value={value}
			onChange={onChange}
			error={error}
			hint={hint}
		/>
	)
}

const EXAMPLE = JSON.stringify(
	[
		{ question: 'What is 2 + 2?', options: ['3', '4', '5'], correctAnswer: '4' },
		{ question: 'Which network is a testnet?', options: ['Mainnet', 'Sepolia'], correctAnswer: 'Sepolia' },
	],
	null,
	2,
)

const problems: Record<string, string> = {
	shape: 'admin.errors.quizShape',
	duplicateOptions: 'admin.errors.quizDuplicateOptions',
	answerNotAnOption: 'admin.errors.quizAnswerNotAnOption',
}

/** Quiz JSON checked as you type with the same parser the server and the player use. */
export function QuizJsonField({ value, onChange, error, disabled }: { value: string; onChange: (v: string) => void; error?: string; disabled?: boolean }) {
	const { t } = useTranslation()
	const quiz = value.trim() ? parseQuiz(value) : null
	const status = !quiz ? null : quiz.ok ? (
		quiz.questions.length ? (
			<span className="flex items-center gap-1.5 text-emerald-700 dark:text-emerald-400">
				<CheckCircle2 className="size-3.5" aria-hidden />
				{t('admin.quiz.valid', { count: quiz.questions.length })}
			</span>
		) : (
			t('admin.errors.quizEmpty')
		)
	) : (
		<span className="flex items-center gap-1.5 text-amber-700 dark:text-amber-400">
			<TriangleAlert className="size-3.5" aria-hidden />
			{quiz.index !== undefined ? errorText(t, `${problems[quiz.problem] ?? problems.shape}#${quiz.index + 1}`) : t('admin.errors.quizJson')}
		</span>
	)
	return (
		<Field
			id="lesson-content"
			label={t('admin.fields.quizJson')}
			error={error}
			hint={
				<div className="grid gap-1">
					{status}
					<span>{t('admin.quiz.hint')}</span>
				</div>
			}
		>
			<Textarea
				id="lesson-content"
				value={value}
				onChange={(e) => onChange(e.target.value)}
				disabled={disabled}
				rows={12}
				spellCheck={false}
				placeholder={EXAMPLE}
				className="max-h-[28rem] min-h-48 font-mono text-sm [field-sizing:fixed]"
				aria-invalid={error ? true : undefined}
				aria-describedby={describedBy('lesson-content', error, true)}
			/>
			{!value.trim() ? (
				<Button type="button" variant="link" size="sm" className="justify-self-start px-0" onClick={() => onChange(EXAMPLE)}>
					{t('admin.quiz.example')}
				</Button>
			) : null}
		</Field>
	)
}
