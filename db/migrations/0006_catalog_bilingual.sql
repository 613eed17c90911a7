ALTER TABLE "courses" ADD COLUMN "title_pt" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "summary_pt" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "description_pt" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "prerequisites" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "prerequisites_pt" text;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD COLUMN "title_pt" text;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD COLUMN "description_pt" text;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD COLUMN "topics" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD COLUMN "prerequisites" text;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD COLUMN "prerequisites_pt" text;--> statement-breakpoint
ALTER TABLE "learning_paths" ADD COLUMN "cover_url" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "title_pt" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "content_pt" text;--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "title_pt" text;--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "summary_pt" text;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_level_valid" CHECK ("courses"."level" IS NULL OR "courses"."level" IN ('beginner', 'intermediate', 'advanced'));--> statement-breakpoint
ALTER TABLE "learning_paths" ADD CONSTRAINT "learning_paths_level_valid" CHECK ("learning_paths"."level" IS NULL OR "learning_paths"."level" IN ('beginner', 'intermediate', 'advanced'));