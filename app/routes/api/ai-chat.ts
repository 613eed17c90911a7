import { requireUser } from '~/features/auth/session.server.ts'
import { getLanguage } from '~/features/i18n/i18n.server.ts'
import { lessonQuerySchema, requestProblem, tutorRequestSchema } from '~/features/tutor/schemas.ts'
import { chatResponse, chatStreamResponse, clearResponse, conversationResponse, suggestResponse, tutorProblem } from '~/features/tutor/tutor.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { BODY_LIMITS, BodyTooLargeError, readBytes } from '~/lib/forms.server.ts'
import type { Route } from './+types/ai-chat'
import { pageUrl } from '~/lib/page-url.ts'

// The AI Instructor, for signed-in learners only:
//   GET    ?lessonId=                      the stored conversation
//   POST   {mode: 'suggest', lessonId}     three suggested questions
//   POST   {mode: 'chat', lessonId, messages}  the reply; streamed as SSE with Accept: text/event-stream
//   DELETE ?lessonId=                      'New conversation'

/** A question is at most TUTOR_MAX_MESSAGE_CHARS (20,000 at most) characters, several bytes each. */
const MAX_BODY_BYTES = BODY_LIMITS.json

function lessonIdOf(request: Request) {
	return lessonQuerySchema.safeParse({ lessonId: pageUrl(request).searchParams.get('lessonId') })
}

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	const language = getLanguage(request)
	const query = lessonIdOf(request)
	if (!query.success) return tutorProblem(language, 400, requestProblem(query.error))
	return conversationResponse(user, query.data.lessonId, language)
}

export async function action({ request }: Route.ActionArgs) {
	const user = await requireUser(request)
	const language = getLanguage(request)
	if (request.method === 'DELETE') {
		const query = lessonIdOf(request)
		if (!query.success) return tutorProblem(language, 400, requestProblem(query.error))
		return clearResponse(user, query.data.lessonId, language)
	}
	if (request.method !== 'POST') return tutorProblem(language, 405, 'method')
	// JSON only: a cross-site form cannot send it without a preflight.
	if (!request.headers.get('content-type')?.includes('application/json')) return tutorProblem(language, 415, 'badJson')
	let json: unknown
	try {
		json = JSON.parse(new TextDecoder().decode(await readBytes(request, MAX_BODY_BYTES)))
	} catch (error) {
		return tutorProblem(language, error instanceof BodyTooLargeError ? 413 : 400, 'badJson')
	}
	const max = getEnv().TUTOR_MAX_MESSAGE_CHARS
	const parsed = tutorRequestSchema(max).safeParse(json)
	if (!parsed.success) return tutorProblem(language, 400, requestProblem(parsed.error), { max })
	const body = parsed.data
	if (body.mode === 'suggest') return suggestResponse(user, body.lessonId, language)
	const question = body.messages.at(-1)!.content.trim()
	const streamed = request.headers.get('accept')?.includes('text/event-stream')
	return (streamed ? chatStreamResponse : chatResponse)(user, body.lessonId, question, language, request.signal)
}
