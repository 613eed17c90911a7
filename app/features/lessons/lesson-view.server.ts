import { challengeView } from '~/features/challenges/attempts.server.ts'
import type { ChallengeView } from '~/features/challenges/types.ts'
import { DEFAULT_PASS_PERCENT, parseQuiz, publicQuestions, type PublicQuestion, type QuizQuestion } from '~/features/quiz/quiz.ts'
import { quizState } from '~/features/quiz/quiz.server.ts'
import { localize, localizeList } from '~/features/catalog/localize.ts'
import type { Language } from '~/features/i18n/config.ts'
import { youtubeId } from '~/lib/youtube.ts'
import { renderMarkdown } from './markdown.server.ts'

/** What the browser receives for the selected lesson: rendered, and never the quiz answers, a challenge's tests or its reference solution. */
export type LessonBody =
	| { type: 'text'; html: string }
	| { type: 'video'; videoId: string | null }
	| {
			type: 'quiz'
			questions: PublicQuestion[]
			answered: number
			lastScore: { correct: number; total: number } | null
			passPercent: number
			/** Some finished attempt reached the pass mark: the lesson is complete. */
			passed: boolean
	  }
	| ({ type: 'challenge'; html: string } & ChallengeView)
	| { type: 'unsupported'; lessonType: string }

/**
 * `content` is already in the learner's language for text and challenge lessons (localizeLesson); a quiz
 * keeps both languages in its JSON and is localised here, per question, for `lang`.
 */
export async function lessonBody(
	userId: string,
	lesson: { id: string; lessonType: string; content: string | null },
	lang: Language = 'en-US',
): Promise<LessonBody> {
	switch (lesson.lessonType) {
		case 'text':
			return { type: 'text', html: renderMarkdown(lesson.content ?? '') }
		case 'video':
			return { type: 'video', videoId: youtubeId(lesson.content) }
		case 'quiz': {
			const parsed = parseQuiz(lesson.content ?? '[]')
			const questions = parsed.ok ? localizeQuestions(publicQuestions(parsed.questions), parsed.questions, lang) : []
			const passPercent = parsed.ok ? parsed.passPercent : DEFAULT_PASS_PERCENT
			const state = questions.length ? await quizState(userId, lesson.id, passPercent) : null
			const open = state && !state.completedAt
			return {
				type: 'quiz',
				questions,
				answered: open ? Object.keys(state.answers).length : 0,
				lastScore: state?.completedAt ? { correct: state.correct, total: state.total } : null,
				passPercent,
				passed: state?.passed ?? false,
			}
		}
		case 'challenge': {
			const view = await challengeView(userId, lesson.id)
			if (!view) return { type: 'unsupported', lessonType: lesson.lessonType }
			return { type: 'challenge', html: renderMarkdown(lesson.content ?? ''), ...view }
		}
		default:
			return { type: 'unsupported', lessonType: lesson.lessonType }
	}
}

/**
 * The learner's language on top of the public questions: `question` is shown text, `labels` the options as
 * shown, while `options` stay the English values the grader compares (answers are posted as those), and
 * `englishOnly` marks a question with no (complete) Portuguese translation.
 */
function localizeQuestions<Q extends PublicQuestion>(shown: Q[], source: QuizQuestion[], lang: Language) {
	return shown.map((q, i) => {
		const src = source[i]!
		const question = localize(lang, q.question, src.question_pt)
		const labels = localizeList(lang, q.options, src.options_pt)
		return { ...q, question: question.text, labels: labels.items, englishOnly: question.en || labels.en }
	})
}
