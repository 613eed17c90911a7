import { sql } from 'drizzle-orm'
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

// Timestamps are set by the database on insert and by $onUpdate on every update,
// so the browser never supplies them.
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () =>
	timestamp('updated_at', { withTimezone: true })
		.notNull()
		.defaultNow()
		.$onUpdate(() => new Date())

/* ----------------------------- auth (Better Auth) ----------------------------- */

export const user = pgTable(
	'user',
	{
		id: text('id')
			.primaryKey()
			.default(sql`gen_random_uuid()::text`),
		name: text('name').notNull(),
		email: text('email').notNull().unique(),
		emailVerified: boolean('email_verified').notNull().default(false),
		image: text('image'),
		role: text('role').notNull().default('user'),
		banned: boolean('banned').default(false),
		banReason: text('ban_reason'),
		banExpires: timestamp('ban_expires', { withTimezone: true }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		// The admin user list orders by sign-up date; e-mail lookups by the admin CLI are case-insensitive.
		index('user_created_idx').on(t.createdAt),
		index('user_email_lower_idx').on(sql`lower(${t.email})`),
		// The few banned learners, which the scoreboard leaves out.
		index('user_banned_idx')
			.on(t.id)
			.where(sql`${t.banned}`),
	],
)

export const session = pgTable(
	'session',
	{
		id: text('id')
			.primaryKey()
			.default(sql`gen_random_uuid()::text`),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		token: text('token').notNull().unique(),
		ipAddress: text('ip_address'),
		userAgent: text('user_agent'),
		userId: text('user_id')
			.notNull()
			.references(() => user.id, { onDelete: 'cascade' }),
		impersonatedBy: text('impersonated_by'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [index('session_user_idx').on(t.userId)],
)

export const account = pgTable(
	'account',
	{
		id: text('id')
			.primaryKey()
			.default(sql`gen_random_uuid()::text`),
		accountId: text('account_id').notNull(),
		providerId: text('provider_id').notNull(),
		userId: text('user_id')
			.notNull()
			.references(() => user.id, { onDelete: 'cascade' }),
		accessToken: text('access_token'),
		refreshToken: text('refresh_token'),
		idToken: text('id_token'),
		accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
		refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
		scope: text('scope'),
		password: text('password'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [index('account_user_idx').on(t.userId)],
)

export const verification = pgTable(
	'verification',
	{
		id: text('id')
			.primaryKey()
			.default(sql`gen_random_uuid()::text`),
		identifier: text('identifier').notNull(),
		value: text('value').notNull(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [index('verification_identifier_idx').on(t.identifier)],
)

/* --------------------------------- content ---------------------------------- */

// What the level checks below allow, so rows read through these columns carry the narrow type.
type Level = 'beginner' | 'intermediate' | 'advanced'

export const learningPaths = pgTable(
	'learning_paths',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		title: text('title').notNull(),
		// Portuguese (pt-BR) twins; null means "not translated yet" and learners see the English text marked.
		titlePt: text('title_pt'),
		slug: text('slug').notNull(),
		description: text('description'),
		descriptionPt: text('description_pt'),
		// Catalog facts (issue 20.3): level, topics for the explore filters, prerequisites in both languages, cover art.
		level: text('level').$type<Level>(),
		topics: text('topics')
			.array()
			.notNull()
			.default(sql`'{}'::text[]`),
		prerequisites: text('prerequisites'),
		prerequisitesPt: text('prerequisites_pt'),
		coverUrl: text('cover_url'),
		isPublished: boolean('is_published').notNull().default(false),
		publishedAt: timestamp('published_at', { withTimezone: true }),
		createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
		updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		uniqueIndex('learning_paths_slug_uq').on(t.slug),
		check('learning_paths_level_valid', sql`${t.level} IS NULL OR ${t.level} IN ('beginner', 'intermediate', 'advanced')`),
	],
)

export const courses = pgTable(
	'courses',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		pathId: uuid('path_id')
			.notNull()
			.references(() => learningPaths.id, { onDelete: 'cascade' }),
		title: text('title').notNull(),
		titlePt: text('title_pt'),
		slug: text('slug').notNull(),
		summary: text('summary'),
		summaryPt: text('summary_pt'),
		description: text('description'),
		descriptionPt: text('description_pt'),
		level: text('level').$type<Level>(),
		prerequisites: text('prerequisites'),
		prerequisitesPt: text('prerequisites_pt'),
		order: integer('order').notNull().default(1),
		durationMinutes: integer('duration_minutes'),
		thumbnailUrl: text('thumbnail_url'),
		isPublished: boolean('is_published').notNull().default(false),
		publishedAt: timestamp('published_at', { withTimezone: true }),
		createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
		updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		uniqueIndex('courses_path_slug_uq').on(t.pathId, t.slug),
		index('courses_path_order_idx').on(t.pathId, t.order),
		check('courses_order_min', sql`${t.order} >= 1`),
		check('courses_duration_min', sql`${t.durationMinutes} IS NULL OR ${t.durationMinutes} >= 0`),
		check('courses_level_valid', sql`${t.level} IS NULL OR ${t.level} IN ('beginner', 'intermediate', 'advanced')`),
	],
)

export const modules = pgTable(
	'modules',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		courseId: uuid('course_id')
			.notNull()
			.references(() => courses.id, { onDelete: 'cascade' }),
		title: text('title').notNull(),
		titlePt: text('title_pt'),
		slug: text('slug').notNull(),
		summary: text('summary'),
		summaryPt: text('summary_pt'),
		order: integer('order').notNull().default(1),
		isPublished: boolean('is_published').notNull().default(false),
		publishedAt: timestamp('published_at', { withTimezone: true }),
		createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
		updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		uniqueIndex('modules_course_slug_uq').on(t.courseId, t.slug),
		index('modules_course_order_idx').on(t.courseId, t.order),
		check('modules_order_min', sql`${t.order} >= 1`),
	],
)

export const lessons = pgTable(
	'lessons',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		moduleId: uuid('module_id')
			.notNull()
			.references(() => modules.id, { onDelete: 'cascade' }),
		title: text('title').notNull(),
		titlePt: text('title_pt'),
		slug: text('slug').notNull(),
		lessonType: text('lesson_type').notNull(),
		order: integer('order').notNull().default(1),
		content: text('content'),
		// The Portuguese body (text lessons, challenge briefs). Quizzes keep both languages in `content`'s JSON
		// (question_pt, options_pt, explanations_pt per question); video lessons share the URL.
		contentPt: text('content_pt'),
		xpValue: integer('xp_value').notNull().default(0),
		durationMinutes: integer('duration_minutes'),
		thumbnailUrl: text('thumbnail_url'),
		isPublished: boolean('is_published').notNull().default(false),
		publishedAt: timestamp('published_at', { withTimezone: true }),
		createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
		updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		uniqueIndex('lessons_module_slug_uq').on(t.moduleId, t.slug),
		index('lessons_module_order_idx').on(t.moduleId, t.order),
		check('lessons_order_min', sql`${t.order} >= 1`),
		check('lessons_xp_min', sql`${t.xpValue} >= 0`),
		check('lessons_duration_min', sql`${t.durationMinutes} IS NULL OR ${t.durationMinutes} >= 0`),
		check('lessons_type_valid', sql`${t.lessonType} IN ('text', 'video', 'quiz', 'challenge')`),
	],
)

/**
 * What a code challenge has beyond its brief (lessons.content): the learner's starting code, the lesson's
 * Foundry-style tests and the reference solution, and the hints. Never sent to a learner's browser but
 * the starter code and the hints a learner has unlocked.
 */
export const lessonChallenges = pgTable('lesson_challenges', {
	lessonId: uuid('lesson_id')
		.primaryKey()
		.references(() => lessons.id, { onDelete: 'cascade' }),
	starterCode: text('starter_code').notNull(),
	testsCode: text('tests_code').notNull(),
	solutionCode: text('solution_code').notNull(),
	hints: jsonb('hints').$type<string[]>().notNull().default([]),
	hintsPt: jsonb('hints_pt').$type<string[]>().notNull().default([]),
	createdAt: createdAt(),
	updatedAt: updatedAt(),
})

/* ------------------------------- learner data ------------------------------- */

export const userProgress = pgTable(
	'user_progress',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: text('user_id')
			.notNull()
			.references(() => user.id, { onDelete: 'cascade' }),
		lessonId: uuid('lesson_id')
			.notNull()
			.references(() => lessons.id, { onDelete: 'cascade' }),
		status: text('status').notNull().default('not_started'),
		completedAt: timestamp('completed_at', { withTimezone: true }),
		lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		uniqueIndex('user_progress_user_lesson_uq').on(t.userId, t.lessonId),
		index('user_progress_lesson_idx').on(t.lessonId),
		index('user_progress_user_completed_idx').on(t.userId, t.completedAt),
		// 'Resume where you left off': the learner's latest touched lesson, read in index order (LIMIT 1).
		index('user_progress_user_touched_idx').on(t.userId, sql`greatest(${t.lastViewedAt}, ${t.completedAt}) DESC NULLS LAST`),
		check('user_progress_status_valid', sql`${t.status} IN ('not_started', 'in_progress', 'completed')`),
	],
)

export const userEnrollments = pgTable(
	'user_enrollments',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: text('user_id')
			.notNull()
			.references(() => user.id, { onDelete: 'cascade' }),
		learningPathId: uuid('learning_path_id')
			.notNull()
			.references(() => learningPaths.id, { onDelete: 'cascade' }),
		isActive: boolean('is_active').notNull().default(true),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [uniqueIndex('user_enrollments_user_path_uq').on(t.userId, t.learningPathId), index('user_enrollments_path_idx').on(t.learningPathId)],
)

/**
 * A learner's work on one code challenge: the autosaved draft (any device resumes it), how many runs and
 * failed runs (hints unlock one per failed run), the last result, and when the tests first passed.
 */
export const challengeAttempts = pgTable(
	'challenge_attempts',
	{
		userId: text('user_id')
			.notNull()
			.references(() => user.id, { onDelete: 'cascade' }),
		lessonId: uuid('lesson_id')
			.notNull()
			.references(() => lessons.id, { onDelete: 'cascade' }),
		draft: text('draft'),
		draftSavedAt: timestamp('draft_saved_at', { withTimezone: true }),
		runs: integer('runs').notNull().default(0),
		failedRuns: integer('failed_runs').notNull().default(0),
		lastResult: jsonb('last_result').$type<Record<string, unknown>>(),
		lastRunAt: timestamp('last_run_at', { withTimezone: true }),
		firstPassedAt: timestamp('first_passed_at', { withTimezone: true }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		primaryKey({ columns: [t.userId, t.lessonId] }),
		index('challenge_attempts_lesson_idx').on(t.lessonId),
		// Passed challenges per learner (dashboard, scoreboard, achievement).
		index('challenge_attempts_user_passed_idx')
			.on(t.userId)
			.where(sql`${t.firstPassedAt} IS NOT NULL`),
		check('challenge_attempts_runs_min', sql`${t.runs} >= 0 AND ${t.failedRuns} >= 0`),
	],
)

/* ------------------------------- applications ------------------------------- */

// Submissions of the public application modal (professional, company, investor).
export const applications = pgTable(
	'applications',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		type: text('type').notNull(),
		name: text('name').notNull(),
		email: text('email').notNull(),
		company: text('company'),
		experience: text('experience'),
		portfolio: text('portfolio'),
		investmentAmount: text('investment_amount'),
		timeline: text('timeline'),
		message: text('message'),
		status: text('status').notNull().default('new'),
		language: text('language').notNull().default('en-US'),
		ip: text('ip'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		// Duplicate check (same email and type within a day) and the inbox order.
		index('applications_email_type_created_idx').on(t.email, t.type, t.createdAt),
		index('applications_created_idx').on(t.createdAt),
		check('applications_type_valid', sql`${t.type} IN ('professional', 'company', 'investor')`),
		check('applications_status_valid', sql`${t.status} IN ('new', 'contacted', 'accepted', 'rejected')`),
	],
)

/* ------------------------------- XP and quizzes ------------------------------ */

// Every XP award is one row, written only by the server; the unique key makes each award happen once.
export const xpLedger = pgTable(
	'xp_ledger',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: text('user_id')
			.notNull()
			.references(() => user.id, { onDelete: 'cascade' }),
		sourceKind: text('source_kind').notNull(),
		sourceId: text('source_id').notNull(),
		amount: integer('amount').notNull(),
		createdAt: createdAt(),
	},
	(t) => [
		uniqueIndex('xp_ledger_user_source_uq').on(t.userId, t.sourceKind, t.sourceId),
		index('xp_ledger_created_idx').on(t.createdAt),
		// Lesson XP by lesson (content deletes, the profile's per-path XP, aggregate refreshes after content moves).
		index('xp_ledger_source_idx').on(t.sourceKind, t.sourceId),
		check('xp_ledger_amount_min', sql`${t.amount} >= 0`),
		check('xp_ledger_kind_valid', sql`${t.sourceKind} IN ('lesson', 'achievement')`),
	],
)

/**
 * Scoreboard totals, kept by triggers on xp_ledger (migration perf_aggregates), so a board reads the top rows and the
 * viewer's rank from an index instead of summing the whole ledger on every request.
 * period: 'all' or the Monday (UTC) of a week as YYYY-MM-DD; scope: 'all' or a learning path id.
 */
export const xpTotals = pgTable(
	'xp_totals',
	{
		userId: text('user_id')
			.notNull()
			.references(() => user.id, { onDelete: 'cascade' }),
		period: text('period').notNull(),
		scope: text('scope').notNull(),
		xp: integer('xp').notNull().default(0),
		lessons: integer('lessons').notNull().default(0),
		// Ties go to whoever reached the total first: the last XP-earning row, else the last row.
		lastGainAt: timestamp('last_gain_at', { withTimezone: true }),
		lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
		reachedAt: timestamp('reached_at', { withTimezone: true })
			.notNull()
			.generatedAlwaysAs(sql`coalesce(last_gain_at, last_at)`),
	},
	(t) => [
		primaryKey({ columns: [t.period, t.scope, t.userId] }),
		index('xp_totals_rank_idx').on(t.period, t.scope, t.xp.desc(), t.reachedAt, t.userId),
		index('xp_totals_user_idx').on(t.userId),
	],
)

/** Completed lessons per learner and UTC day, kept by triggers on user_progress: the dashboard's totals, streak and week. */
export const userCompletionDays = pgTable(
	'user_completion_days',
	{
		userId: text('user_id')
			.notNull()
			.references(() => user.id, { onDelete: 'cascade' }),
		day: date('day').notNull(),
		completions: integer('completions').notNull(),
	},
	(t) => [primaryKey({ columns: [t.userId, t.day] })],
)

// A quiz attempt: the first answer given to each question is the one that counts.
export const quizAttempts = pgTable(
	'quiz_attempts',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: text('user_id')
			.notNull()
			.references(() => user.id, { onDelete: 'cascade' }),
		lessonId: uuid('lesson_id')
			.notNull()
			.references(() => lessons.id, { onDelete: 'cascade' }),
		answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
		correct: integer('correct').notNull().default(0),
		total: integer('total').notNull(),
		completedAt: timestamp('completed_at', { withTimezone: true }),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [
		index('quiz_attempts_user_lesson_idx').on(t.userId, t.lessonId),
		// At most one open attempt per learner and quiz.
		uniqueIndex('quiz_attempts_open_uq')
			.on(t.userId, t.lessonId)
			.where(sql`${t.completedAt} IS NULL`),
	],
)

/* ------------------------- profile, achievements, tutor ------------------------ */

export type CareerPreferences = {
	jobSearchStatus?: 'actively_looking' | 'open' | 'not_looking' | null
	desiredRoles?: string[]
	workModes?: ('remote' | 'hybrid' | 'onsite')[]
	preferredLocations?: string[]
	availabilityDate?: string | null
	salaryExpectationUsd?: number | null
	openToRelocation?: boolean
}

// The student profile (spec section 3), one row per user, stored on the server.
export const userProfiles = pgTable(
	'user_profiles',
	{
		userId: text('user_id')
			.primaryKey()
			.references(() => user.id, { onDelete: 'cascade' }),
		fullName: text('full_name'),
		country: text('country'),
		city: text('city'),
		languages: jsonb('languages').$type<string[]>().notNull().default([]),
		yearsExperience: integer('years_experience').notNull().default(0),
		stacks: jsonb('stacks').$type<string[]>().notNull().default([]),
		skillsToDevelop: jsonb('skills_to_develop').$type<string[]>().notNull().default([]),
		positionCompany: text('position_company'),
		linkedinUrl: text('linkedin_url'),
		githubUrl: text('github_url'),
		career: jsonb('career').$type<CareerPreferences>().notNull().default({}),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(t) => [check('user_profiles_years_min', sql`${t.yearsExperience} >= 0`)],
)

// Achievement tasks a learner has completed (XP itself goes to xp_ledger as source_kind 'achievement').
export const achievementClaims = pgTable(
	'achievement_claims',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: text('user_id')
			.notNull()
			.references(() => user.id, { onDelete: 'cascade' }),
		taskId: text('task_id').notNull(),
		selfReported: boolean('self_reported').notNull().default(false),
		createdAt: createdAt(),
	},
	(t) => [uniqueIndex('achievement_claims_user_task_uq').on(t.userId, t.taskId)],
)

// AI tutor conversations: one per learner and lesson; 'New conversation' deletes its messages.
export const tutorMessages = pgTable(
	'tutor_messages',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: text('user_id')
			.notNull()
			.references(() => user.id, { onDelete: 'cascade' }),
		lessonId: uuid('lesson_id')
			.notNull()
			.references(() => lessons.id, { onDelete: 'cascade' }),
		role: text('role').$type<'user' | 'assistant'>().notNull(),
		content: text('content').notNull(),
		// Tokens this message cost (prompt + completion for assistant replies), for the daily budget.
		tokens: integer('tokens').notNull().default(0),
		createdAt: createdAt(),
	},
	(t) => [
		index('tutor_messages_user_lesson_idx').on(t.userId, t.lessonId, t.createdAt),
		index('tutor_messages_user_created_idx').on(t.userId, t.createdAt),
		check('tutor_messages_role_valid', sql`${t.role} IN ('user', 'assistant')`),
	],
)

/* --------------------------------- admin audit -------------------------------- */

export const auditLog = pgTable(
	'audit_log',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
		entityType: text('entity_type').notNull(),
		entityId: text('entity_id').notNull(),
		action: text('action').notNull(),
		changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
		createdAt: createdAt(),
	},
	(t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
)

/* ------------------------------ wallet, certificates --------------------------- */

export const walletAddresses = pgTable(
	'wallet_addresses',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: text('user_id')
			.notNull()
			.references(() => user.id, { onDelete: 'cascade' }),
		address: text('address').notNull(),
		chainId: integer('chain_id').notNull(),
		createdAt: createdAt(),
	},
	(t) => [uniqueIndex('wallet_addresses_address_uq').on(sql`lower(${t.address})`), index('wallet_addresses_user_idx').on(t.userId)],
)

export const certificates = pgTable(
	'certificates',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: text('user_id')
			.notNull()
			.references(() => user.id, { onDelete: 'cascade' }),
		pathId: uuid('path_id')
			.notNull()
			.references(() => learningPaths.id, { onDelete: 'cascade' }),
		data: jsonb('data').$type<Record<string, unknown>>().notNull(),
		signature: text('signature').notNull(),
		issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [uniqueIndex('certificates_user_path_uq').on(t.userId, t.pathId)],
)

/* ------------------------------ infrastructure ------------------------------ */

// Outbox for email while no SMTP server is configured (see /dev/mailbox).
export const outboxEmails = pgTable('outbox_emails', {
	id: uuid('id').primaryKey().defaultRandom(),
	to: text('to').notNull(),
	subject: text('subject').notNull(),
	text: text('text').notNull(),
	html: text('html').notNull(),
	links: jsonb('links').$type<string[]>().notNull().default([]),
	createdAt: createdAt(),
})

// Fixed-window counters shared by every server process (login, sign-up, reset...).
export const rateLimits = pgTable('rate_limits', {
	key: text('key').primaryKey(),
	count: integer('count').notNull(),
	windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
})

/**
 * One row: a number every write to the curriculum tables (paths, courses, modules, lessons, challenges)
 * raises, by statement-level triggers (migration 0007). Each process keeps the curriculum in memory
 * (app/features/catalog/curriculum.server.ts) and reloads it when this number has moved, so an admin's
 * change in any process reaches every other one at its next request.
 */
export const curriculumVersion = pgTable(
	'curriculum_version',
	{
		id: integer('id').primaryKey().default(1),
		version: bigint('version', { mode: 'number' }).notNull().default(1),
	},
	(t) => [check('curriculum_version_one_row', sql`${t.id} = 1`)],
)

/**
 * Issue 21: a number per learner that moves whenever a lesson of theirs becomes completed or stops being
 * so (triggers on user_progress, migration 0008; views, which only move a time, leave it). Pages keep a
 * learner's completed lessons in the process while it stands, instead of reading them all again on every
 * request (a learner with 100,000 completions made the dashboard six times slower). Values come from one
 * sequence, so a number is never reused for another state; left out of backups (derived, and a restore's
 * TRUNCATE ... CASCADE empties it: no number, no kept set).
 */
export const learnerProgressVersion = pgTable('learner_progress_version', {
	userId: text('user_id')
		.primaryKey()
		.references(() => user.id, { onDelete: 'cascade' }),
	version: bigint('version', { mode: 'number' }).notNull(),
})

/**
 * When a learner last touched a lesson of each path (viewed or completed it), kept by triggers on user_progress
 * and on content moves (migration 0009): the profile's "last activity" per path, one key lookup, where reading
 * it from user_progress cost either the path's lessons or the learner's whole history (issue 21).
 */
export const learnerPathActivity = pgTable(
	'learner_path_activity',
	{
		userId: text('user_id')
			.notNull()
			.references(() => user.id, { onDelete: 'cascade' }),
		pathId: uuid('path_id')
			.notNull()
			.references(() => learningPaths.id, { onDelete: 'cascade' }),
		lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
	},
	(t) => [primaryKey({ columns: [t.userId, t.pathId] })],
)
