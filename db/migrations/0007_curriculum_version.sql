CREATE TABLE "curriculum_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "curriculum_version_one_row" CHECK ("curriculum_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "curriculum_version" ("id", "version") VALUES (1, 1);--> statement-breakpoint
-- Every statement that writes the curriculum raises the version, in the writer's transaction: a rolled-back
-- edit raises nothing, and a process that reads the new number also reads the new rows.
CREATE FUNCTION curriculum_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO curriculum_version (id, version) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET version = curriculum_version.version + 1;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER learning_paths_curriculum_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON learning_paths FOR EACH STATEMENT EXECUTE FUNCTION curriculum_changed();--> statement-breakpoint
CREATE TRIGGER courses_curriculum_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON courses FOR EACH STATEMENT EXECUTE FUNCTION curriculum_changed();--> statement-breakpoint
CREATE TRIGGER modules_curriculum_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON modules FOR EACH STATEMENT EXECUTE FUNCTION curriculum_changed();--> statement-breakpoint
CREATE TRIGGER lessons_curriculum_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lessons FOR EACH STATEMENT EXECUTE FUNCTION curriculum_changed();
