import { describe, expect, it } from 'vitest'
import en from '~/locales/en-US.json'
import pt from '~/locales/pt-BR.json'
import { createT, mergeMessages, type Messages } from './translate.ts'

const messages = {
	a: { b: 'Hello {{name}}', n_one: '{{count}} lesson', n_other: '{{count}} lessons', only: 'Only {{count}}' },
}

describe('createT', () => {
	const t = createT('en-US', messages)
	it('reads nested keys and interpolates', () => {
		expect(t('a.b', { name: 'Ada' })).toBe('Hello Ada')
		expect(t('a.b')).toBe('Hello {{name}}')
	})
	it('picks plural forms with Intl.PluralRules', () => {
		expect(t('a.n', { count: 1 })).toBe('1 lesson')
		expect(t('a.n', { count: 0 })).toBe('0 lessons')
		expect(t('a.n', { count: 7 })).toBe('7 lessons')
		expect(t('a.only', { count: 2 })).toBe('Only 2')
	})
	it('reads none as many in Portuguese too (CLDR counts 0 as one there: "0 aula")', () => {
		const tpt = createT('pt-BR', pt)
		expect(tpt('catalog.lessonCount', { count: 0 })).toBe('0 aulas')
		expect(tpt('catalog.lessonCount', { count: 1 })).toBe('1 aula')
		expect(tpt('profile.progress.day', { count: 0, date: '3 de março' })).toBe('0 aulas concluídas em 3 de março')
		expect(createT('pt-BR', messages)('a.n', { count: 0 })).toBe('0 lessons')
	})
	it('falls back to the fallback language, the default value, then the key', () => {
		const pt = createT('pt-BR', { x: 'x' }, messages)
		expect(pt('a.b', { name: 'Ana' })).toBe('Hello Ana')
		expect(pt('missing.key', { defaultValue: 'D' })).toBe('D')
		expect(pt('missing.key')).toBe('missing.key')
	})
	it('handles Portuguese plurals of the real locale files', () => {
		const tpt = createT('pt-BR', pt)
		expect(tpt('learn.courseCount', { count: 1 })).toBe('1 curso')
		expect(tpt('learn.courseCount', { count: 3 })).toBe('3 cursos')
		expect(createT('en-US', en)('learn.courseCount', { count: 1 })).toBe('1 course')
		// A habit bar's label: one lesson is singular in both languages.
		expect(createT('en-US', en)('dashboard.habits.dayBar', { day: 'Monday', count: 1 })).toBe('Monday: 1 lesson')
		expect(createT('en-US', en)('dashboard.habits.dayBar', { day: 'Monday', count: 2 })).toBe('Monday: 2 lessons')
		expect(tpt('dashboard.habits.dayBar', { day: 'segunda-feira', count: 1 })).toBe('segunda-feira: 1 aula')
		expect(tpt('dashboard.habits.dayBar', { day: 'segunda-feira', count: 0 })).toBe('segunda-feira: 0 aulas')
	})
	it('writes quantities as the reader does, and leaves identifiers such as a year alone', () => {
		const tpt = createT('pt-BR', pt)
		expect(tpt('scoreboard.xp', { xp: 12345 })).toBe('12.345 XP')
		expect(tpt('admin.users.total', { count: 1500 })).toBe('1.500 usuários')
		expect(createT('en-US', en)('scoreboard.xp', { xp: 12345 })).toBe('12,345 XP')
		expect(tpt('landing.common.footerRights', { year: 2026, app: 'Learnchain' })).toBe('© 2026 Learnchain. Todos os direitos reservados.')
		expect(tpt('wallet.unsupportedChain', { chainId: 11155111 })).toBe('Rede não suportada (11155111)')
	})
	it('merges message trees', () => {
		expect(mergeMessages({ a: { x: '1' } }, { a: { y: '2' }, b: '3' })).toEqual({ a: { x: '1', y: '2' }, b: '3' })
	})
	it('finds a key merged in after it was asked for and missed, and keeps finding the ones it found', () => {
		const tree: Messages = { nav: { home: 'Home' } }
		const t = createT('en-US', tree)
		expect(t('nav.home')).toBe('Home')
		expect(t('lesson.title')).toBe('lesson.title')
		// A chunk loaded later (the client adds sections as it needs them) is read at once.
		mergeMessages(tree, { lesson: { title: 'Lesson' } })
		expect(t('lesson.title')).toBe('Lesson')
		expect(t('nav.home')).toBe('Home')
		// Another tree with the same keys answers from its own texts.
		expect(createT('pt-BR', { nav: { home: 'Início' } })('nav.home')).toBe('Início')
	})
})
