-- The hot paths of the aggregate triggers of 0004 and 0008 as static SQL (issue 21). Their statements were
-- built as text and run with EXECUTE, so PostgreSQL parsed and planned them afresh on every lesson viewed or
-- completed; a static statement naming the transition table keeps its plan for the session, as 0009's does.
-- Same results; the rare paths (deletes, ledger updates, content moves) keep their recomputation.
--
-- Completed lessons per learner and UTC day: +1 for each completed row that appears, -1 for each that goes.
CREATE OR REPLACE FUNCTION user_progress_completions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		-- Only adds: no count can fall to zero here.
		INSERT INTO user_completion_days AS t (user_id, day, completions)
		SELECT n.user_id, (coalesce(n.completed_at, n.created_at) AT TIME ZONE 'UTC')::date, count(*)::int
		FROM new_rows n
		-- The join skips learners being deleted in this statement (their rows cascade away).
		JOIN "user" u ON u.id = n.user_id
		WHERE n.status = 'completed'
		GROUP BY 1, 2
		ON CONFLICT (user_id, day) DO UPDATE SET completions = t.completions + excluded.completions;
		RETURN NULL;
	END IF;
	IF TG_OP = 'DELETE' THEN
		UPDATE user_completion_days t SET completions = t.completions - d.n
		FROM (
			SELECT o.user_id, (coalesce(o.completed_at, o.created_at) AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
			FROM old_rows o WHERE o.status = 'completed' GROUP BY 1, 2
		) d
		WHERE t.user_id = d.user_id AND t.day = d.day;
	ELSE
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
	END IF;
	DELETE FROM user_completion_days t WHERE t.completions <= 0 AND t.user_id IN (
		SELECT o.user_id FROM old_rows o WHERE o.status = 'completed'
	);
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A learner's number moves when one of their rows becomes completed or stops being so.
CREATE OR REPLACE FUNCTION learner_progress_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO learner_progress_version AS t (user_id, version)
		SELECT c.user_id, nextval('learner_progress_version_seq')
		FROM (SELECT DISTINCT n.user_id FROM new_rows n WHERE n.status = 'completed') c
		-- The join skips learners being deleted in this statement (their rows cascade away).
		JOIN "user" u ON u.id = c.user_id
		ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO learner_progress_version AS t (user_id, version)
		SELECT c.user_id, nextval('learner_progress_version_seq')
		FROM (SELECT DISTINCT o.user_id FROM old_rows o WHERE o.status = 'completed') c
		JOIN "user" u ON u.id = c.user_id
		ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
	ELSE
		INSERT INTO learner_progress_version AS t (user_id, version)
		SELECT c.user_id, nextval('learner_progress_version_seq')
		FROM (
			SELECT n.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (n.status = 'completed') <> (o.status = 'completed')
			UNION SELECT o.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (n.status = 'completed') <> (o.status = 'completed')
		) c
		JOIN "user" u ON u.id = c.user_id
		ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- XP totals: the insert (one ledger row per completed lesson) adds to the running totals with a static
-- statement, the same grouping as xp_totals_select (0004); deletes and updates recompute the learners concerned.
CREATE OR REPLACE FUNCTION xp_ledger_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO xp_totals AS t (user_id, period, scope, xp, lessons, last_gain_at, last_at)
		SELECT r.user_id, k.period, k.scope, sum(r.amount)::int, (count(*) FILTER (WHERE r.is_lesson))::int,
			max(r.created_at) FILTER (WHERE r.amount > 0), max(r.created_at)
		FROM (
			SELECT x.user_id, x.amount, x.created_at, x.source_kind = 'lesson' AS is_lesson,
				to_char(date_trunc('week', x.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
				c.path_id::text AS path
			FROM new_rows x
			LEFT JOIN lessons l ON l.id = CASE WHEN x.source_kind = 'lesson' AND x.source_id ~ '^[0-9a-fA-F-]{36}$' THEN x.source_id::uuid END
			LEFT JOIN modules m ON m.id = l.module_id
			LEFT JOIN courses c ON c.id = m.course_id
		) r
		CROSS JOIN LATERAL (VALUES ('all', 'all'), (r.week, 'all'), ('all', r.path), (r.week, r.path)) AS k(period, scope)
		WHERE k.scope IS NOT NULL
		GROUP BY r.user_id, k.period, k.scope
		ON CONFLICT (period, scope, user_id) DO UPDATE SET
			xp = t.xp + excluded.xp,
			lessons = t.lessons + excluded.lessons,
			last_gain_at = greatest(t.last_gain_at, excluded.last_gain_at),
			last_at = greatest(t.last_at, excluded.last_at);
	ELSIF TG_OP = 'DELETE' THEN
		-- A maximum cannot be decremented: recompute the learners concerned.
		PERFORM xp_totals_refresh(ARRAY(SELECT DISTINCT o.user_id FROM old_rows o));
	ELSE
		PERFORM xp_totals_refresh(ARRAY(SELECT o.user_id FROM old_rows o UNION SELECT n.user_id FROM new_rows n));
	END IF;
	RETURN NULL;
END $$;
