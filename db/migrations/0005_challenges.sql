CREATE TABLE "challenge_attempts" (
	"user_id" text NOT NULL,
	"lesson_id" uuid NOT NULL,
	"draft" text,
	"draft_saved_at" timestamp with time zone,
	"runs" integer DEFAULT 0 NOT NULL,
	"failed_runs" integer DEFAULT 0 NOT NULL,
	"last_result" jsonb,
	"last_run_at" timestamp with time zone,
	"first_passed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_attempts_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id"),
	CONSTRAINT "challenge_attempts_runs_min" CHECK ("challenge_attempts"."runs" >= 0 AND "challenge_attempts"."failed_runs" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lesson_challenges" (
	"lesson_id" uuid PRIMARY KEY NOT NULL,
	"starter_code" text NOT NULL,
	"tests_code" text NOT NULL,
	"solution_code" text NOT NULL,
	"hints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hints_pt" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lessons" DROP CONSTRAINT "lessons_type_valid";--> statement-breakpoint
ALTER TABLE "challenge_attempts" ADD CONSTRAINT "challenge_attempts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_attempts" ADD CONSTRAINT "challenge_attempts_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_challenges" ADD CONSTRAINT "lesson_challenges_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenge_attempts_lesson_idx" ON "challenge_attempts" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "challenge_attempts_user_passed_idx" ON "challenge_attempts" USING btree ("user_id") WHERE "challenge_attempts"."first_passed_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_type_valid" CHECK ("lessons"."lesson_type" IN ('text', 'video', 'quiz', 'challenge'));