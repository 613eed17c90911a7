import { relations } from 'drizzle-orm'
import { courses, learningPaths, lessons, modules, user, userEnrollments, userProgress } from './schema.ts'

export const learningPathsRelations = relations(learningPaths, ({ many }) => ({
	courses: many(courses),
	enrollments: many(userEnrollments),
}))
export const coursesRelations = relations(courses, ({ one, many }) => ({
	path: one(learningPaths, { fields: [courses.pathId], references: [learningPaths.id] }),
	modules: many(modules),
}))
export const modulesRelations = relations(modules, ({ one, many }) => ({
	course: one(courses, { fields: [modules.courseId], references: [courses.id] }),
	lessons: many(lessons),
}))
export const lessonsRelations = relations(lessons, ({ one, many }) => ({
	module: one(modules, { fields: [lessons.moduleId], references: [modules.id] }),
	progress: many(userProgress),
}))
export const userProgressRelations = relations(userProgress, ({ one }) => ({
	user: one(user, { fields: [userProgress.userId], references: [user.id] }),
	lesson: one(lessons, { fields: [userProgress.lessonId], references: [lessons.id] }),
}))
export const userEnrollmentsRelations = relations(userEnrollments, ({ one }) => ({
	user: one(user, { fields: [userEnrollments.userId], references: [user.id] }),
	path: one(learningPaths, { fields: [userEnrollments.learningPathId], references: [learningPaths.id] }),
}))
