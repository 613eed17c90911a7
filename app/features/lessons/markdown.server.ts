import solidityGrammar from 'highlightjs-solidity'
import { common } from 'lowlight'
import rehypeHighlight from 'rehype-highlight'
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'

// highlightjs-solidity registers its grammars on an hljs-like object; lowlight wants the grammar functions.
const extra: Record<string, unknown> = {}
;(solidityGrammar as unknown as (hljs: { registerLanguage: (n: string, g: unknown) => void }) => void)({
	registerLanguage: (name, grammar) => {
		extra[name] = grammar
	},
})

// Sanitize first (raw HTML in Markdown is dropped or stripped of anything that can run),
// then highlight, so the highlighter's own spans survive.
const schema: SanitizeSchema = {
	...defaultSchema,
	attributes: {
		...defaultSchema.attributes,
		code: [...(defaultSchema.attributes?.code ?? []), ['className', /^language-[\w-]+$/]],
	},
}

const processor = unified()
	.use(remarkParse)
	.use(remarkGfm)
	.use(remarkRehype)
	.use(rehypeSanitize, schema)
	.use(rehypeHighlight, { languages: { ...common, ...(extra as typeof common) }, aliases: { typescript: ['ts'], solidity: ['sol'] } })
	.use(rehypeStringify)

const cache = new Map<string, string>()

/** Lesson Markdown to safe HTML (GFM, highlighted code). Cached by content: lessons are read far more than written. */
export function renderMarkdown(markdown: string): string {
	const hit = cache.get(markdown)
	if (hit !== undefined) return hit
	const html = String(processor.processSync(markdown))
	if (cache.size > 500) cache.delete(cache.keys().next().value!)
	cache.set(markdown, html)
	return html
}
