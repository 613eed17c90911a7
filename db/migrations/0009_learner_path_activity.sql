CREATE TABLE "learner_path_activity" (
	"user_id" text NOT NULL,
	"path_id" uuid NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "learner_path_activity_user_id_path_id_pk" PRIMARY KEY("user_id","path_id")
);
--> statement-breakpoint
ALTER TABLE "learner_path_activity" ADD CONSTRAINT "learner_path_activity_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_path_activity" ADD CONSTRAINT "learner_path_activity_path_id_learning_paths_id_fk" FOREIGN KEY ("path_id") REFERENCES "public"."learning_paths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- When a learner last touched each path (issue 21): the latest greatest(last_viewed_at, completed_at) of their
-- user_progress rows per path of the lesson, for the profile's Learning Progress. Statement-level triggers with
-- transition tables, as for xp_totals (0004): one grouped upsert per statement, whatever its size.
--
-- The last touch per learner and path of a set of user_progress rows (`source`: a table or subquery), as SQL
-- text for EXECUTE.
CREATE FUNCTION learner_path_activity_select(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$
	SELECT r.user_id, c.path_id, max(greatest(r.last_viewed_at, r.completed_at)) AS last_at
	FROM %s r
	JOIN lessons l ON l.id = r.lesson_id
	JOIN modules m ON m.id = l.module_id
	JOIN courses c ON c.id = m.course_id
	WHERE greatest(r.last_viewed_at, r.completed_at) IS NOT NULL
	GROUP BY r.user_id, c.path_id
$q$, source)
$f$;
--> statement-breakpoint
-- Recompute every row of the given learners from user_progress (after deletes, touches moved back, content moves).
CREATE FUNCTION learner_path_activity_refresh(users text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF cardinality(users) = 0 THEN
		RETURN;
	END IF;
	DELETE FROM learner_path_activity a WHERE a.user_id = ANY (users);
	-- The join skips learners being deleted in this statement (their rows cascade away).
	EXECUTE format('INSERT INTO learner_path_activity (user_id, path_id, last_at) SELECT a.* FROM (%s) a JOIN "user" u ON u.id = a.user_id',
		learner_path_activity_select('(SELECT * FROM user_progress WHERE user_id = ANY ($1))'))
	USING users;
END $$;
--> statement-breakpoint
CREATE FUNCTION user_progress_path_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		-- A maximum cannot be decremented: recompute the learners concerned.
		PERFORM learner_path_activity_refresh(ARRAY(SELECT DISTINCT o.user_id FROM old_rows o));
		RETURN NULL;
	END IF;
	IF TG_OP = 'UPDATE' THEN
		-- Touches move forward (a view, a completion) and are simply added below. A row whose touch went back
		-- or away, or that moved to another lesson or learner, can lower a maximum: recompute its learners.
		PERFORM learner_path_activity_refresh(ARRAY(
			SELECT o.user_id FROM old_rows o JOIN new_rows n ON n.id = o.id
			WHERE n.lesson_id <> o.lesson_id OR n.user_id <> o.user_id
				OR greatest(o.last_viewed_at, o.completed_at) > coalesce(greatest(n.last_viewed_at, n.completed_at), '-infinity')
			UNION SELECT n.user_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.user_id <> o.user_id));
	END IF;
	-- The hot path (a lesson viewed or completed): the latest touch per path only ever grows. Static SQL (the
	-- transition table by name, not EXECUTE) keeps its plan for the session: a view or completion costs one
	-- small upsert, not a statement planned afresh each time.
	INSERT INTO learner_path_activity AS t (user_id, path_id, last_at)
	SELECT r.user_id, c.path_id, max(greatest(r.last_viewed_at, r.completed_at))
	FROM new_rows r
	JOIN lessons l ON l.id = r.lesson_id
	JOIN modules m ON m.id = l.module_id
	JOIN courses c ON c.id = m.course_id
	-- The join skips learners being deleted in this statement (their rows cascade away).
	JOIN "user" u ON u.id = r.user_id
	WHERE greatest(r.last_viewed_at, r.completed_at) IS NOT NULL
	GROUP BY r.user_id, c.path_id
	ON CONFLICT (user_id, path_id) DO UPDATE SET last_at = greatest(t.last_at, excluded.last_at);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_progress_path_activity_insert AFTER INSERT ON user_progress REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_progress_path_activity();
--> statement-breakpoint
CREATE TRIGGER user_progress_path_activity_delete AFTER DELETE ON user_progress REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_progress_path_activity();
--> statement-breakpoint
CREATE TRIGGER user_progress_path_activity_update AFTER UPDATE ON user_progress REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_progress_path_activity();
--> statement-breakpoint
-- A lesson, module or course moved to another parent can change the path a learner's touches count for.
CREATE FUNCTION learner_path_activity_content_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	moved uuid[];
BEGIN
	IF TG_TABLE_NAME = 'lessons' THEN
		moved := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.module_id IS DISTINCT FROM n.module_id);
	ELSIF TG_TABLE_NAME = 'modules' THEN
		moved := ARRAY(SELECT l.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN lessons l ON l.module_id = n.id WHERE o.course_id IS DISTINCT FROM n.course_id);
	ELSE
		moved := ARRAY(SELECT l.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN modules m ON m.course_id = n.id JOIN lessons l ON l.module_id = m.id WHERE o.path_id IS DISTINCT FROM n.path_id);
	END IF;
	IF cardinality(moved) > 0 THEN
		PERFORM learner_path_activity_refresh(ARRAY(SELECT DISTINCT p.user_id FROM user_progress p WHERE p.lesson_id = ANY (moved)));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lessons_path_activity_move AFTER UPDATE ON lessons REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learner_path_activity_content_moved();
--> statement-breakpoint
CREATE TRIGGER modules_path_activity_move AFTER UPDATE ON modules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learner_path_activity_content_moved();
--> statement-breakpoint
CREATE TRIGGER courses_path_activity_move AFTER UPDATE ON courses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learner_path_activity_content_moved();
--> statement-breakpoint
DO $$ BEGIN
	EXECUTE format('INSERT INTO learner_path_activity (user_id, path_id, last_at) %s', learner_path_activity_select('user_progress'));
END $$;
