-- One trigger per event on user_progress instead of three (issue 21). Statement-level triggers fire whether or
-- not the statement wrote a row, and each call of a trigger function has a fixed cost (its transition tables
-- set up, its statements run): an upsert (a view, a completion) fires both the INSERT and the UPDATE triggers,
-- so it made six calls, three of them on empty tables. On the embedded engine, whose one thread is the
-- bottleneck of a completion, the three empty UPDATE calls of a new row were 14 % of its time.
--
-- user_progress_aggregates() does, in one call, what user_progress_completions (completions per day, 0010),
-- learner_progress_changed (the learner's progress version, 0010) and user_progress_path_activity (last
-- activity per path, 0009) did, statement for statement, and returns at once when nothing was written. The
-- three aggregates are separate tables; the order of their statements does not matter.
DROP TRIGGER user_progress_days_insert ON user_progress;
--> statement-breakpoint
DROP TRIGGER user_progress_days_delete ON user_progress;
--> statement-breakpoint
DROP TRIGGER user_progress_days_update ON user_progress;
--> statement-breakpoint
DROP TRIGGER user_progress_version_insert ON user_progress;
--> statement-breakpoint
DROP TRIGGER user_progress_version_delete ON user_progress;
--> statement-breakpoint
DROP TRIGGER user_progress_version_update ON user_progress;
--> statement-breakpoint
DROP TRIGGER user_progress_path_activity_insert ON user_progress;
--> statement-breakpoint
DROP TRIGGER user_progress_path_activity_delete ON user_progress;
--> statement-breakpoint
DROP TRIGGER user_progress_path_activity_update ON user_progress;
--> statement-breakpoint
DROP FUNCTION user_progress_completions();
--> statement-breakpoint
DROP FUNCTION learner_progress_changed();
--> statement-breakpoint
DROP FUNCTION user_progress_path_activity();
--> statement-breakpoint
CREATE FUNCTION user_progress_aggregates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		-- The UPDATE half of an upsert that updated every row: nothing inserted.
		IF NOT EXISTS (SELECT FROM new_rows) THEN
			RETURN NULL;
		END IF;
		-- Completions per day: only adds, no count can fall to zero here.
		INSERT INTO user_completion_days AS t (user_id, day, completions)
		SELECT n.user_id, (coalesce(n.completed_at, n.created_at) AT TIME ZONE 'UTC')::date, count(*)::int
		FROM new_rows n
		-- The joins on "user" skip learners being deleted in this statement (their rows cascade away).
		JOIN "user" u ON u.id = n.user_id
		WHERE n.status = 'completed'
		GROUP BY 1, 2
		ON CONFLICT (user_id, day) DO UPDATE SET completions = t.completions + excluded.completions;
		-- The learner's progress version moves when one of their rows becomes completed.
		INSERT INTO learner_progress_version AS t (user_id, version)
		SELECT c.user_id, nextval('learner_progress_version_seq')
		FROM (SELECT DISTINCT n.user_id FROM new_rows n WHERE n.status = 'completed') c
		JOIN "user" u ON u.id = c.user_id
		ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
	ELSIF TG_OP = 'DELETE' THEN
		IF NOT EXISTS (SELECT FROM old_rows) THEN
			RETURN NULL;
		END IF;
		UPDATE user_completion_days t SET completions = t.completions - d.n
		FROM (
			SELECT o.user_id, (coalesce(o.completed_at, o.created_at) AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
			FROM old_rows o WHERE o.status = 'completed' GROUP BY 1, 2
		) d
		WHERE t.user_id = d.user_id AND t.day = d.day;
		DELETE FROM user_completion_days t WHERE t.completions <= 0 AND t.user_id IN (
			SELECT o.user_id FROM old_rows o WHERE o.status = 'completed'
		);
		INSERT INTO learner_progress_version AS t (user_id, version)
		SELECT c.user_id, nextval('learner_progress_version_seq')
		FROM (SELECT DISTINCT o.user_id FROM old_rows o WHERE o.status = 'completed') c
		JOIN "user" u ON u.id = c.user_id
		ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
		-- A maximum cannot be decremented: recompute the last activity of the learners concerned.
		PERFORM learner_path_activity_refresh(ARRAY(SELECT DISTINCT o.user_id FROM old_rows o));
		RETURN NULL;
	ELSE
		-- The INSERT half of an upsert that inserted every row: nothing updated.
		IF NOT EXISTS (SELECT FROM new_rows) THEN
			RETURN NULL;
		END IF;
		-- A view leaves both sides empty: a row counts only when it is, or was, completed and that changed.
		INSERT INTO user_completion_days AS t (user_id, day, completions)
		SELECT c.user_id, (c.at AT TIME ZONE 'UTC')::date, sum(c.n)::int
		FROM (
			SELECT o.user_id, coalesce(o.completed_at, o.created_at) AS at, -1 AS n
			FROM old_rows o JOIN new_rows n ON n.id = o.id
			WHERE o.status = 'completed'
				AND (n.status IS DISTINCT FROM o.status OR n.completed_at IS DISTINCT FROM o.completed_at OR n.user_id IS DISTINCT FROM o.user_id)
			UNION ALL
			SELECT n.user_id, coalesce(n.completed_at, n.created_at), 1
			FROM new_rows n JOIN old_rows o ON o.id = n.id
			WHERE n.status = 'completed'
				AND (n.status IS DISTINCT FROM o.status OR n.completed_at IS DISTINCT FROM o.completed_at OR n.user_id IS DISTINCT FROM o.user_id)
		) c
		JOIN "user" u ON u.id = c.user_id
		GROUP BY 1, 2
		HAVING sum(c.n) <> 0
		ON CONFLICT (user_id, day) DO UPDATE SET completions = t.completions + excluded.completions;
		DELETE FROM user_completion_days t WHERE t.completions <= 0 AND t.user_id IN (
			SELECT o.user_id FROM old_rows o WHERE o.status = 'completed'
		);
		INSERT INTO learner_progress_version AS t (user_id, version)
		SELECT c.user_id, nextval('learner_progress_version_seq')
		FROM (
			SELECT n.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (n.status = 'completed') <> (o.status = 'completed')
			UNION SELECT o.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (n.status = 'completed') <> (o.status = 'completed')
		) c
		JOIN "user" u ON u.id = c.user_id
		ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
		-- Touches move forward (a view, a completion) and are simply added below. A row whose touch went back
		-- or away, or that moved to another lesson or learner, can lower a maximum: recompute its learners.
		PERFORM learner_path_activity_refresh(ARRAY(
			SELECT o.user_id FROM old_rows o JOIN new_rows n ON n.id = o.id
			WHERE n.lesson_id <> o.lesson_id OR n.user_id <> o.user_id
				OR greatest(o.last_viewed_at, o.completed_at) > coalesce(greatest(n.last_viewed_at, n.completed_at), '-infinity')
			UNION SELECT n.user_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.user_id <> o.user_id));
	END IF;
	-- Inserted or updated rows: the latest touch per path only ever grows (the hot path of a view or a completion).
	INSERT INTO learner_path_activity AS t (user_id, path_id, last_at)
	SELECT r.user_id, c.path_id, max(greatest(r.last_viewed_at, r.completed_at))
	FROM new_rows r
	JOIN lessons l ON l.id = r.lesson_id
	JOIN modules m ON m.id = l.module_id
	JOIN courses c ON c.id = m.course_id
	JOIN "user" u ON u.id = r.user_id
	WHERE greatest(r.last_viewed_at, r.completed_at) IS NOT NULL
	GROUP BY r.user_id, c.path_id
	ON CONFLICT (user_id, path_id) DO UPDATE SET last_at = greatest(t.last_at, excluded.last_at);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_progress_aggregates_insert AFTER INSERT ON user_progress REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_progress_aggregates();
--> statement-breakpoint
CREATE TRIGGER user_progress_aggregates_delete AFTER DELETE ON user_progress REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_progress_aggregates();
--> statement-breakpoint
CREATE TRIGGER user_progress_aggregates_update AFTER UPDATE ON user_progress REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_progress_aggregates();
