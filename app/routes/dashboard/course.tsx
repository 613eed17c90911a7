import { ChevronLeft, ChevronRight, CheckCircle2, ListTree, PartyPopper } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { isRouteErrorResponse, useFetcher, useNavigate, useRevalidator, useRouteError } from 'react-router'
import { toast } from '~/components/ui/toast'
import { ChallengeLesson } from '~/components/challenges/challenge-lesson'
import { CourseOutline } from '~/components/learn/course-outline'
import { QuizLesson } from '~/components/learn/quiz-lesson'
import { TextLesson } from '~/components/learn/text-lesson'
import { VideoLesson } from '~/components/learn/video-lesson'
import { EmptyState } from '~/components/page-header'
import { TutorPanel } from '~/components/tutor/chat-panel'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '~/components/ui/sheet'
import { ROUTER_LINK } from '~/hooks/use-router-clicks.ts'
import { keepLearner, keptLearner, requireUser } from '~/features/auth/session.server.ts'
import { isAdmin } from '~/features/auth/user.ts'
import { findVisibleLesson, getVisibleLesson, learnerCourse, localizeLesson, outlineSections } from '~/features/catalog/catalog.server.ts'
import { curriculum, keptCurriculum } from '~/features/catalog/curriculum.server.ts'
import { getLanguage } from '~/features/i18n/i18n.server.ts'
import { EnglishOnly } from '~/components/learn/catalog-facts'
import { lessonBody } from '~/features/lessons/lesson-view.server.ts'
import { isFinished } from '~/features/progress/course-progress.server.ts'
import { completeOrFail, markViewed, type Completed } from '~/features/progress/progress.server.ts'
import { failIfAsked } from '~/features/progress/section-faults.server.ts'
import { SectionError } from '~/components/learn/section-error'
import { lessonActionSchema } from '~/features/progress/schemas.ts'
import { answerQuestion, hasPassedQuiz } from '~/features/quiz/quiz.server.ts'
import { failure, parseBody, refused } from '~/lib/forms.server.ts'
import type { Route } from './+types/course'
import { failureKey } from '~/lib/failure.ts'
import { numberFormat } from '~/features/i18n/formats.ts'
import { pageUrl } from '~/lib/page-url.ts'

/**
 * Requests whose action ran: React Router renders the page after a no-JavaScript post (maybe a refused one,
 * of any method and body) in the same request, with the same context, and that render is not a visit.
 */
const submissions = new WeakSet<object>()

export async function loader({ request, params, context }: Route.LoaderArgs) {
	const user = await requireUser(request)
	failIfAsked(request, 'course')
	const preview = isAdmin(user)
	const lang = getLanguage(request)
	const url = pageUrl(request)
	const asksFinished = url.searchParams.get('finished') === '1'
	// Only the course-finished screen shows the XP the course earned.
	const found = await learnerCourse(params.courseId, user.id, preview, lang, { xp: asksFinished })
	if (!found) throw new Response('Failed to load course', { status: 404 })
	const { outline: course, summary, tree, latestTouched } = found
	const flat = course.modules.flatMap((m) => m.lessons)
	const wanted = url.searchParams.get('lesson')
	// The course-finished screen, once every lesson is completed; before that the link opens the player.
	const finished = asksFinished && isFinished(summary) ? { xp: summary.xp ?? 0, total: summary.total, next: summary.next } : null
	// Without a chosen lesson, 'Continue' lands on the first lesson not yet completed (the first when all are).
	const firstOpen = flat.findIndex((l) => l.status !== 'completed')
	const chosen = wanted ? flat.findIndex((l) => l.id === wanted) : -1
	const index = chosen >= 0 ? chosen : Math.max(0, firstOpen)
	const current = flat[index]
	let lesson = null
	if (current && !finished) {
		// The same curriculum the outline came from: one version read per page.
		const stored = await getVisibleLesson(current.id, preview, tree)
		const full = stored && localizeLesson(stored, lang)
		if (full) {
			// A view is a visit: the page rendered after a post records nothing (bad input changes nothing). Viewing
			// again the lesson touched last (a reload, a revalidation) would only move its time: no write.
			const again = latestTouched === full.id && current.status !== 'not_started'
			if (!again && !submissions.has(context)) await markViewed(user.id, full.id)
			lesson = {
				id: full.id,
				title: full.title,
				titleEnglishOnly: full.titleEnglishOnly,
				bodyEnglishOnly: full.bodyEnglishOnly,
				xpValue: full.xpValue,
				isPublished: current.isPublished,
				body: await lessonBody(user.id, full, lang),
			}
		}
	}
	return {
		course: { id: course.id, title: course.title, isPublished: course.isPublished, pathId: course.pathId, pathTitle: course.pathTitle },
		modules: outlineSections(course.modules),
		minutes: summary.minutes,
		finished,
		lesson,
		position: { index, total: flat.length, prevId: flat[index - 1]?.id ?? null, nextId: flat[index + 1]?.id ?? null },
	}
}

export async function action({ request, params, context }: Route.ActionArgs) {
	submissions.add(context)
	const parsed = await parseBody(request, lessonActionSchema, { fallback: 'learn.errors.invalidRequest' })
	// A completion runs first on what this process kept, the session it found for this cookie a moment ago and its
	// curriculum, which the completion's own statement checks (ADR 0026). Every other answer, and a completion whose
	// check failed, comes from the session and the curriculum asked for now, as every write's.
	const kept = parsed.ok && parsed.data.intent === 'complete' ? await completeKept(request, params.courseId, parsed.data.lessonId) : undefined
	if (kept) return kept
	const user = await requireUser(request)
	if (!parsed.ok) return refused(parsed)
	const preview = isAdmin(user)
	// Only this course's lessons: a post to another course's URL (whose page then 404s) must change nothing.
	const tree = await curriculum()
	const owner = await findVisibleLesson(parsed.data.lessonId, preview, tree)
	if (owner?.courseId !== params.courseId) return failure('learn.errors.notFound', 404)
	if (parsed.data.intent === 'complete') {
		// A challenge is completed only by a run that passes its tests (on the server), never by this button.
		if (owner.lessonType === 'challenge') return failure('learn.errors.challengeNotPassed', 409)
		// A quiz is completed by an attempt that reaches its pass mark (answerQuestion), never by skipping it. The
		// pass mark is in its body: the only completion that reads one.
		if (owner.lessonType === 'quiz') {
			const quiz = await getVisibleLesson(owner.id, preview, tree)
			if (!quiz || !(await hasPassedQuiz(user.id, owner.id, quiz.content))) return failure('learn.errors.quizNotPassed', 409)
		}
		const done = await completeOrFail(request, user.id, owner)
		if (done === 'failed') return failure('learn.errors.completeFailed', 500)
		await keepLearner(request)
		return completed(done)
	}
	const result = await answerQuestion(user.id, owner.id, parsed.data.index, parsed.data.answer, { preview, lang: getLanguage(request), tree })
	if (!result.ok) return failure(`learn.errors.${result.error}`, result.error === 'notFound' ? 404 : 400)
	return result
}

/**
 * 'Complete' on a text or video lesson of this course with keptLearner's user and the kept curriculum, or undefined
 * when the action must ask: nothing kept, another kind of lesson, or a check of the statement that failed (then
 * it wrote nothing). A completion that failed otherwise is answered here: asking again would fail the same way.
 */
async function completeKept(request: Request, courseId: string, lessonId: string) {
	const kept = await keptLearner(request)
	const tree = kept && (await keptCurriculum())
	const lesson = tree && (await findVisibleLesson(lessonId, false, tree))
	if (!kept || !lesson || lesson.courseId !== courseId || lesson.lessonType === 'challenge' || lesson.lessonType === 'quiz') return undefined
	const done = await completeOrFail(request, kept.user.id, lesson, kept.check)
	if (done === 'failed') return failure('learn.errors.completeFailed', 500)
	return done === 'unchecked' ? undefined : completed(done)
}

/** A completion's answer; a new certificate (this was the path's last lesson) is announced with a link to it. */
function completed(done: Completed) {
	const certificateId = done.certificate?.created ? done.certificate.id : null
	return { ok: true as const, intent: 'complete' as const, xpAwarded: done.xpAwarded, certificateId, enrolledPathTitle: done.enrolledPathTitle }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: [loaderData?.lesson?.title, loaderData?.course.title].filter(Boolean).join(' · ') }]

export const handle = {
	breadcrumbs: (raw: unknown) => {
		const d = raw as Awaited<ReturnType<typeof loader>>
		return [
			{ label: 'nav.paths', to: '/dashboard/explore', i18n: true },
			{ label: d.course.title, to: `/dashboard/learn/path/${d.course.pathId}` },
			...(d.lesson ? [{ label: d.lesson.title }] : []),
		]
	},
}

export default function CoursePlayer({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { course, modules, minutes, finished, lesson, position } = loaderData
	const navigate = useNavigate()
	const revalidator = useRevalidator()
	const complete = useFetcher<{
		ok: boolean
		intent?: string
		xpAwarded?: number
		certificateId?: string | null
		enrolledPathTitle?: string | null
		error?: string
	}>()
	const outline = <CourseOutline modules={modules} currentId={lesson?.id} courseId={course.id} minutes={minutes} />
	const lessonUrl = (id: string) => `/dashboard/learn/course/${course.id}?lesson=${id}`
	const finishedUrl = `/dashboard/learn/course/${course.id}?finished=1`

	useEffect(() => {
		if (complete.state !== 'idle' || !complete.data) return
		if (!complete.data.ok) {
			// The spec's pair for a failed save; a refusal with its own reason (a quiz not passed) says that.
			const key = failureKey(complete.data, complete.data.error?.startsWith('learn.errors.') ? complete.data.error : 'learn.errors.completeFailed')
			if (key === 'learn.errors.completeFailed') toast.error(t(key), { description: t('learn.errors.saveFailed') })
			else toast.error(t(key))
			return
		}
		const certificateId = complete.data.certificateId
		// Enrollment is never silent: completing a lesson of a path the learner had not joined says so.
		const enrolledNote = complete.data.enrolledPathTitle ? t('learn.enrolledNote', { path: complete.data.enrolledPathTitle }) : ''
		const gained = certificateId ? t('certificate.earnedToast') : complete.data.xpAwarded ? t('learn.xpEarned', { xp: complete.data.xpAwarded }) : ''
		toast.success(t('learn.markedComplete'), {
			description: [gained, enrolledNote].filter(Boolean).join(' · ') || undefined,
			// The path's last lesson: its new certificate is one click away. A toast of its own, with time to click:
			// as an update of the previous completion's toast (same text) it kept that toast's clock and could
			// leave within a second.
			...(certificateId
				? {
						id: `certificate-${certificateId}`,
						duration: 10_000,
						action: { label: t('certificate.view'), onClick: () => window.location.assign(`/certificates/${certificateId}`) },
					}
				: {}),
		})
		// The outline already knows every other lesson's status: no second read after the write to tell the course is done.
		const courseFinished = modules.every((m) => m.lessons.every((l) => l.id === lesson?.id || l.status === 'completed'))
		if (courseFinished && !position.nextId) navigate(finishedUrl)
		else if (position.nextId) navigate(lessonUrl(position.nextId))
		// Only react to a finished submission, not to re-renders.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [complete.state, complete.data])

	return (
		<div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)] xl:grid-cols-[16rem_minmax(0,1fr)_20rem]">
			<aside className="hidden lg:block">
				<div className="sticky top-20 max-h-[calc(100svh-6rem)] overflow-y-auto pr-2">
					<h2 className="mb-3 font-semibold">{course.title}</h2>
					{outline}
				</div>
			</aside>

			<main className="min-w-0 pb-16 xl:pb-0">
				<div className="mb-4 flex flex-wrap items-center justify-between gap-2">
					<Sheet>
						<SheetTrigger asChild>
							<Button variant="outline" size="sm" className="lg:hidden">
								<ListTree aria-hidden />
								{t('learn.outline')}
							</Button>
						</SheetTrigger>
						<SheetContent side="left" className="overflow-y-auto p-4">
							<SheetHeader className="px-0">
								<SheetTitle>{course.title}</SheetTitle>
								<SheetDescription>{t('learn.outline')}</SheetDescription>
							</SheetHeader>
							{outline}
						</SheetContent>
					</Sheet>
					{!course.isPublished ? <Badge variant="outline">{t('admin.draft')}</Badge> : null}
				</div>
				{finished ? (
					<CourseFinished courseTitle={course.title} xp={finished.xp} lessons={finished.total} next={finished.next} pathId={course.pathId} />
				) : !lesson ? (
					<EmptyState title={t('course.noLessons')} />
				) : (
					<article className="@container grid grid-cols-1 gap-6" aria-labelledby="lesson-title">
						<header className="grid gap-1">
							<p className="text-muted-foreground text-sm" data-testid="lesson-counter">
								{t('learn.lessonCounter', { x: position.index + 1, y: position.total, xp: lesson.xpValue })}
							</p>
							<h1 id="lesson-title" className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight">
								{lesson.title}
								{!lesson.isPublished ? <Badge variant="outline">{t('admin.draft')}</Badge> : null}
								<EnglishOnly show={lesson.titleEnglishOnly || lesson.bodyEnglishOnly} />
							</h1>
						</header>
						{lesson.body.type === 'text' ? <TextLesson html={lesson.body.html} /> : null}
						{lesson.body.type === 'video' ? <VideoLesson videoId={lesson.body.videoId} title={lesson.title} /> : null}
						{lesson.body.type === 'quiz' ? (
							<QuizLesson
								key={lesson.id}
								lessonId={lesson.id}
								questions={lesson.body.questions}
								answered={lesson.body.answered}
								lastScore={lesson.body.lastScore}
								passPercent={lesson.body.passPercent}
								passed={lesson.body.passed}
								nextUrl={position.nextId ? lessonUrl(position.nextId) : finishedUrl}
								nextLabel={position.nextId ? t('learn.quiz.continue') : t('learn.finished.see')}
								onPassed={() => revalidator.revalidate()}
							/>
						) : null}
						{lesson.body.type === 'challenge' ? <ChallengeLesson key={lesson.id} lessonId={lesson.id} {...lesson.body} /> : null}
						{lesson.body.type === 'unsupported' ? <p role="alert">{t('learn.unsupportedType', { type: lesson.body.lessonType })}</p> : null}

						{/* In a narrow column (a phone, or beside an open sidebar and the tutor) 'Previous' and 'Next' share the
						    bottom row under a full-width 'Complete'; from 28rem of column up, all three sit on one row. */}
						<footer className="grid grid-cols-2 items-center gap-2 border-t pt-4 @md:flex @md:justify-between" data-testid="lesson-footer">
							<Button asChild variant="outline" disabled={!position.prevId} className="justify-self-start">
								{position.prevId ? (
									<a {...ROUTER_LINK} href={lessonUrl(position.prevId)}>
										<ChevronLeft aria-hidden />
										{t('learn.previous')}
									</a>
								) : (
									<span aria-disabled="true" className="pointer-events-none opacity-50">
										<ChevronLeft aria-hidden />
										{t('learn.previous')}
									</span>
								)}
							</Button>
							{/* A challenge completes itself when its tests pass, a quiz when an attempt reaches its pass mark. */}
							{lesson.body.type === 'text' || lesson.body.type === 'video' ? (
								<complete.Form method="post" className="order-first col-span-2 @md:order-none">
									<input type="hidden" name="intent" value="complete" />
									<input type="hidden" name="lessonId" value={lesson.id} />
									<Button type="submit" disabled={complete.state !== 'idle'} className="w-full @md:w-auto">
										<CheckCircle2 aria-hidden />
										{complete.state !== 'idle' ? t('learn.saving') : t('learn.completeAndContinue')}
									</Button>
								</complete.Form>
							) : null}
							<Button asChild variant="outline" className="justify-self-end">
								{position.nextId ? (
									<a {...ROUTER_LINK} href={lessonUrl(position.nextId)}>
										{t('learn.next')}
										<ChevronRight aria-hidden />
									</a>
								) : (
									<span aria-disabled="true" className="pointer-events-none opacity-50">
										{t('learn.next')}
										<ChevronRight aria-hidden />
									</span>
								)}
							</Button>
						</footer>
					</article>
				)}
			</main>

			{lesson ? <TutorPanel key={lesson.id} lessonId={lesson.id} /> : null}
		</div>
	)
}

/** The moment a course ends: what it earned and where to go next. */
function CourseFinished(props: { courseTitle: string; xp: number; lessons: number; next: { id: string; title: string } | null; pathId: string }) {
	const { t, i18n } = useTranslation()
	const nf = numberFormat(i18n.language)
	return (
		<section className="grid justify-items-center gap-4 rounded-xl border p-8 text-center" aria-labelledby="course-finished" data-testid="course-finished">
			<PartyPopper className="size-10 text-amber-500" aria-hidden />
			<h1 id="course-finished" className="text-2xl font-semibold tracking-tight">
				{t('learn.finished.title')}
			</h1>
			<p className="text-muted-foreground">{t('learn.finished.body', { course: props.courseTitle, count: props.lessons })}</p>
			<p className="text-lg font-medium" data-testid="course-finished-xp">
				{t('learn.finished.xp', { xp: nf.format(props.xp) })}
			</p>
			<div className="flex flex-wrap justify-center gap-2">
				{props.next ? (
					<Button asChild>
						<a {...ROUTER_LINK} href={`/dashboard/learn/course/${props.next.id}`}>
							{t('learn.finished.next', { course: props.next.title })}
						</a>
					</Button>
				) : null}
				<Button asChild variant="outline">
					<a {...ROUTER_LINK} href={`/dashboard/learn/path/${props.pathId}`}>
						{t('learn.finished.backToPath')}
					</a>
				</Button>
			</div>
		</section>
	)
}

export function ErrorBoundary() {
	const { t } = useTranslation()
	const error = useRouteError()
	const missing = isRouteErrorResponse(error) && error.status === 404
	return (
		<div className="grid gap-3">
			{missing ? <EmptyState title={t('course.notFound')} /> : <SectionError message="learn.sections.course" testId="page-error" />}
			<Button asChild variant="outline" className="justify-self-start">
				<a {...ROUTER_LINK} href="/dashboard/explore">
					{t('dashboard.viewAllPaths')}
				</a>
			</Button>
		</div>
	)
}
