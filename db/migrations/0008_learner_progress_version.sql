CREATE TABLE "learner_progress_version" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "learner_progress_version" ADD CONSTRAINT "learner_progress_version_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE SEQUENCE "learner_progress_version_seq";--> statement-breakpoint
-- A learner's number moves when one of their rows becomes completed or stops being so: an insert of a
-- completed row, an update that changes whether a row is completed, a delete of a completed row. Views
-- (in_progress, last_viewed_at) leave it. One upsert per statement, whatever its size.
CREATE FUNCTION learner_progress_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed text;
BEGIN
	IF TG_OP = 'INSERT' THEN
		changed := 'SELECT user_id FROM new_rows WHERE status = ''completed''';
	ELSIF TG_OP = 'DELETE' THEN
		changed := 'SELECT user_id FROM old_rows WHERE status = ''completed''';
	ELSE
		changed := 'SELECT n.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (n.status = ''completed'') <> (o.status = ''completed'')
			UNION SELECT o.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (n.status = ''completed'') <> (o.status = ''completed'')';
	END IF;
	-- The join skips learners being deleted in this statement (their rows cascade away).
	EXECUTE format('INSERT INTO learner_progress_version AS t (user_id, version)
		SELECT c.user_id, nextval(''learner_progress_version_seq'') FROM (SELECT DISTINCT user_id FROM (%s) x) c JOIN "user" u ON u.id = c.user_id
		ON CONFLICT (user_id) DO UPDATE SET version = excluded.version', changed);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_progress_version_insert AFTER INSERT ON user_progress REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learner_progress_changed();
--> statement-breakpoint
CREATE TRIGGER user_progress_version_delete AFTER DELETE ON user_progress REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION learner_progress_changed();
--> statement-breakpoint
CREATE TRIGGER user_progress_version_update AFTER UPDATE ON user_progress REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learner_progress_changed();
--> statement-breakpoint
INSERT INTO learner_progress_version (user_id, version)
SELECT user_id, nextval('learner_progress_version_seq') FROM (SELECT DISTINCT user_id FROM user_progress WHERE status = 'completed') c;
