// What the server asks the model. The parameters are fixed by the spec; the browser cannot change them.

export const SUGGEST_PARAMS = { temperature: 0.7, maxTokens: 256 } as const
export const CHAT_PARAMS = { temperature: 0.5, maxTokens: 700 } as const

/** History sent with a question: the latest turns that fit, so the prompt stays well inside small models' windows. */
export const HISTORY_LIMITS = { messages: 20, chars: 12_000 } as const

type Turn = { role: 'user' | 'assistant'; content: string }

const languageNames: Record<string, string> = { 'en-US': 'English', 'pt-BR': 'Brazilian Portuguese' }

export function systemPrompt(appName: string, context: string, language: string) {
	return [
		`You are the AI Instructor of ${appName}, a learning platform for Web3 developers.`,
		'Help the learner with the lesson below: explain clearly and briefly, give small examples, and format answers in Markdown.',
		"Stay on the lesson's topic; if a question is unrelated, say so in one sentence and steer back to the lesson.",
		'If the lesson is a quiz, help the learner reason about the concepts, but never say which option is correct.',
		"If the lesson is a code challenge, explain the learner's compiler errors and failing tests and point at what to change in their own code, but never write the complete solution.",
		`Answer in ${languageNames[language] ?? 'English'}.`,
		'',
		'Lesson context:',
		'"""',
		context,
		'"""',
	].join('\n')
}

export function suggestPrompt(language: string) {
	return `Suggest exactly three short questions (under 90 characters each) that a learner could ask about this lesson, in ${
		languageNames[language] ?? 'English'
	}. Reply with a JSON array of three strings and nothing else.`
}

/** The latest turns within the limits, oldest first. */
export function trimHistory<T extends Turn>(turns: T[], limits: { messages: number; chars: number } = HISTORY_LIMITS): T[] {
	const kept: T[] = []
	let chars = 0
	for (let i = turns.length - 1; i >= 0 && kept.length < limits.messages; i--) {
		chars += turns[i]!.content.length
		if (chars > limits.chars) break
		kept.unshift(turns[i]!)
	}
	// A conversation sent to a model should not open with the model talking.
	while (kept[0]?.role === 'assistant') kept.shift()
	return kept
}

/** Questions from a model's answer: a JSON array if it gave one, else its non-empty lines without bullets. */
export function parseSuggestions(text: string): string[] {
	const clean = (s: unknown) =>
		String(s)
			.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '')
			.replace(/^["'“]|["'”]$/g, '')
			.trim()
	const array = text.match(/\[[\s\S]*\]/)
	let items: unknown[] = []
	if (array) {
		try {
			const parsed = JSON.parse(array[0]) as unknown
			if (Array.isArray(parsed)) items = parsed
		} catch {
			// not JSON after all: fall through to lines
		}
	}
	if (!items.length) items = text.split('\n')
	return [...new Set(items.filter((s) => typeof s === 'string').map(clean))].filter((s) => s.length >= 3 && s.length <= 200 && !s.startsWith('```'))
}
