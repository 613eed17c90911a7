import { describe, expect, it } from 'vitest'
import { moduleGroups, modulePlace } from './parent-groups'

const paths = [
	{ id: 'p2', title: 'Zeta path', childCount: 1 },
	{ id: 'p1', title: 'Alpha path', childCount: 2 },
]
const courses = [
	{ id: 'c1', title: 'Basics', pathId: 'p1', order: 2, childCount: 1 },
	{ id: 'c2', title: 'Intro', pathId: 'p1', order: 1, childCount: 1 },
	{ id: 'c3', title: 'Basics', pathId: 'p2', order: 1, childCount: 1 },
]
const modules = [
	{ id: 'm1', title: 'Getting started', courseId: 'c1', order: 1, childCount: 0 },
	{ id: 'm2', title: 'Getting started', courseId: 'c2', order: 1, childCount: 0 },
	{ id: 'm3', title: 'Getting started', courseId: 'c3', order: 1, childCount: 0 },
]

describe('moduleGroups', () => {
	it('groups modules under their course, by path and course order, naming the path only when two courses share a title', () => {
		expect(moduleGroups(paths, courses, modules)).toEqual([
			{ label: 'Intro', options: [{ value: 'm2', label: '1. Getting started' }] },
			{ label: 'Basics (Alpha path)', options: [{ value: 'm1', label: '1. Getting started' }] },
			{ label: 'Basics (Zeta path)', options: [{ value: 'm3', label: '1. Getting started' }] },
		])
	})

	it('leaves out courses without modules and tells where a module sits', () => {
		expect(moduleGroups(paths, courses, [modules[0]!]).map((g) => g.label)).toEqual(['Basics (Alpha path)'])
		expect(modulePlace(paths, courses, modules, 'm3')).toBe('Zeta path › Basics')
		expect(modulePlace(paths, courses, modules, 'nope')).toBeNull()
	})
})
