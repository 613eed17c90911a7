import { describe, expect, it } from 'vitest'
import { buildTree, completedIn } from './curriculum.server.ts'

const node = { title: 'x', titlePt: null, slug: 'x', isPublished: true }
const tree = () =>
	buildTree(
		1,
		[{ ...node, id: 'p', description: null, descriptionPt: null, prerequisites: null, prerequisitesPt: null, topics: [], coverUrl: null }],
		[
			{
				...node,
				id: 'c',
				pathId: 'p',
				summary: null,
				summaryPt: null,
				description: null,
				descriptionPt: null,
				prerequisites: null,
				prerequisitesPt: null,
				coverUrl: null,
				order: 1,
				durationMinutes: null,
			},
		],
		[{ ...node, id: 'm', courseId: 'c', order: 1 }],
		['a', 'b', 'd'].map((id, i) => ({
			...node,
			id,
			moduleId: 'm',
			lessonType: 'text',
			order: i + 1,
			xpValue: 10,
			durationMinutes: null,
			isPublished: id !== 'd',
		})),
	)

describe('completedIn', () => {
	it("counts a course's published lessons in the set, once per set and tree", () => {
		const t = tree()
		const course = t.course.get('c')!
		const done = new Set(['a', 'd'])
		expect(completedIn(course, done)).toBe(1)
		// A new set (the learner completed another lesson) is counted again, never read from the old one.
		expect(completedIn(course, new Set(['a', 'b', 'd']))).toBe(2)
		expect(completedIn(course, done)).toBe(1)
		// A new tree (an edit published the draft) is counted again too.
		const edited = tree()
		edited.lesson.get('d')!.isPublished = true
		expect(completedIn(edited.course.get('c')!, done)).toBe(2)
	})
})
