CREATE TABLE "user_completion_days" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"completions" integer NOT NULL,
	CONSTRAINT "user_completion_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "xp_totals" (
	"user_id" text NOT NULL,
	"period" text NOT NULL,
	"scope" text NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"lessons" integer DEFAULT 0 NOT NULL,
	"last_gain_at" timestamp with time zone,
	"last_at" timestamp with time zone NOT NULL,
	"reached_at" timestamp with time zone GENERATED ALWAYS AS (coalesce(last_gain_at, last_at)) STORED NOT NULL,
	CONSTRAINT "xp_totals_period_scope_user_id_pk" PRIMARY KEY("period","scope","user_id")
);
--> statement-breakpoint
ALTER TABLE "user_completion_days" ADD CONSTRAINT "user_completion_days_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_totals" ADD CONSTRAINT "xp_totals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "xp_totals_rank_idx" ON "xp_totals" USING btree ("period","scope","xp" DESC NULLS LAST,"reached_at","user_id");--> statement-breakpoint
CREATE INDEX "xp_totals_user_idx" ON "xp_totals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_email_lower_idx" ON "user" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "user_banned_idx" ON "user" USING btree ("id") WHERE "user"."banned";--> statement-breakpoint
CREATE INDEX "user_progress_user_touched_idx" ON "user_progress" USING btree ("user_id",greatest("last_viewed_at", "completed_at") DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "xp_ledger_source_idx" ON "xp_ledger" USING btree ("source_kind","source_id");--> statement-breakpoint
-- Aggregates kept by triggers (issue 9): the scoreboard and the dashboard read these instead of summing
-- xp_ledger and user_progress on every request, so their cost does not grow with the ledger.
-- Statement-level triggers with transition tables: one aggregate per statement, so a bulk insert costs
-- one grouped upsert, not one per row.
--
-- The XP of a set of ledger rows (`source`: a table or subquery) per learner, period ('all' and the
-- row's week, Monday UTC) and scope ('all' and, for lesson XP, the lesson's path): the grouping the
-- scoreboard used to compute on each request. Returned as SQL text so trigger functions can EXECUTE it
-- against their own transition tables.
CREATE FUNCTION xp_totals_select(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$
	SELECT r.user_id, k.period, k.scope, sum(r.amount)::int AS xp, (count(*) FILTER (WHERE r.is_lesson))::int AS lessons,
		max(r.created_at) FILTER (WHERE r.amount > 0) AS last_gain_at, max(r.created_at) AS last_at
	FROM (
		SELECT x.user_id, x.amount, x.created_at, x.source_kind = 'lesson' AS is_lesson,
			to_char(date_trunc('week', x.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
			c.path_id::text AS path
		FROM %s x
		LEFT JOIN lessons l ON l.id = CASE WHEN x.source_kind = 'lesson' AND x.source_id ~ '^[0-9a-fA-F-]{36}$' THEN x.source_id::uuid END
		LEFT JOIN modules m ON m.id = l.module_id
		LEFT JOIN courses c ON c.id = m.course_id
	) r
	CROSS JOIN LATERAL (VALUES ('all', 'all'), (r.week, 'all'), ('all', r.path), (r.week, r.path)) AS k(period, scope)
	WHERE k.scope IS NOT NULL
	GROUP BY r.user_id, k.period, k.scope
$q$, source)
$f$;
--> statement-breakpoint
-- Recompute every total of the given learners from the ledger (after deletes, updates and content moves).
CREATE FUNCTION xp_totals_refresh(users text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF cardinality(users) = 0 THEN
		RETURN;
	END IF;
	DELETE FROM xp_totals t WHERE t.user_id = ANY (users);
	-- The join skips learners being deleted in this statement (their totals cascade away).
	EXECUTE format('INSERT INTO xp_totals (user_id, period, scope, xp, lessons, last_gain_at, last_at) SELECT a.* FROM (%s) a JOIN "user" u ON u.id = a.user_id',
		xp_totals_select('(SELECT * FROM xp_ledger WHERE user_id = ANY ($1))'))
	USING users;
END $$;
--> statement-breakpoint
CREATE FUNCTION xp_ledger_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		-- The hot path (one row per completed lesson): add to the running totals.
		EXECUTE format('INSERT INTO xp_totals AS t (user_id, period, scope, xp, lessons, last_gain_at, last_at) %s
			ON CONFLICT (period, scope, user_id) DO UPDATE SET
				xp = t.xp + excluded.xp,
				lessons = t.lessons + excluded.lessons,
				last_gain_at = greatest(t.last_gain_at, excluded.last_gain_at),
				last_at = greatest(t.last_at, excluded.last_at)', xp_totals_select('new_rows'));
	ELSIF TG_OP = 'DELETE' THEN
		-- A maximum cannot be decremented: recompute the learners concerned.
		PERFORM xp_totals_refresh(ARRAY(SELECT DISTINCT o.user_id FROM old_rows o));
	ELSE
		PERFORM xp_totals_refresh(ARRAY(SELECT o.user_id FROM old_rows o UNION SELECT n.user_id FROM new_rows n));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER xp_ledger_totals_insert AFTER INSERT ON xp_ledger REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION xp_ledger_totals();
--> statement-breakpoint
CREATE TRIGGER xp_ledger_totals_delete AFTER DELETE ON xp_ledger REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION xp_ledger_totals();
--> statement-breakpoint
CREATE TRIGGER xp_ledger_totals_update AFTER UPDATE ON xp_ledger REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION xp_ledger_totals();
--> statement-breakpoint
-- A lesson, module or course moved to another parent can change the path its XP counts for.
CREATE FUNCTION xp_totals_content_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	moved text[];
BEGIN
	IF TG_TABLE_NAME = 'lessons' THEN
		moved := ARRAY(SELECT n.id::text FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.module_id IS DISTINCT FROM n.module_id);
	ELSIF TG_TABLE_NAME = 'modules' THEN
		moved := ARRAY(SELECT l.id::text FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN lessons l ON l.module_id = n.id WHERE o.course_id IS DISTINCT FROM n.course_id);
	ELSE
		moved := ARRAY(SELECT l.id::text FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN modules m ON m.course_id = n.id JOIN lessons l ON l.module_id = m.id WHERE o.path_id IS DISTINCT FROM n.path_id);
	END IF;
	IF cardinality(moved) > 0 THEN
		PERFORM xp_totals_refresh(ARRAY(SELECT DISTINCT x.user_id FROM xp_ledger x WHERE x.source_kind = 'lesson' AND x.source_id = ANY (moved)));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lessons_xp_totals_move AFTER UPDATE ON lessons REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION xp_totals_content_moved();
--> statement-breakpoint
CREATE TRIGGER modules_xp_totals_move AFTER UPDATE ON modules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION xp_totals_content_moved();
--> statement-breakpoint
CREATE TRIGGER courses_xp_totals_move AFTER UPDATE ON courses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION xp_totals_content_moved();
--> statement-breakpoint
-- Completed lessons per learner and UTC day: +1 for each completed row that appears, -1 for each that goes.
CREATE FUNCTION user_progress_completions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changes text;
	changed CONSTANT text := 'n.status IS DISTINCT FROM o.status OR n.completed_at IS DISTINCT FROM o.completed_at OR n.user_id IS DISTINCT FROM o.user_id';
BEGIN
	IF TG_OP = 'INSERT' THEN
		changes := 'SELECT n.user_id, coalesce(n.completed_at, n.created_at) AS at, 1 AS n FROM new_rows n WHERE n.status = ''completed''';
	ELSIF TG_OP = 'DELETE' THEN
		changes := 'SELECT o.user_id, coalesce(o.completed_at, o.created_at) AS at, -1 AS n FROM old_rows o WHERE o.status = ''completed''';
	ELSE
		changes := format('SELECT o.user_id, coalesce(o.completed_at, o.created_at) AS at, -1 AS n FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.status = ''completed'' AND (%1$s)
			UNION ALL SELECT n.user_id, coalesce(n.completed_at, n.created_at), 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.status = ''completed'' AND (%1$s)', changed);
	END IF;
	changes := format('SELECT c.user_id, (c.at AT TIME ZONE ''UTC'')::date AS day, sum(c.n)::int AS n FROM (%s) c GROUP BY 1, 2 HAVING sum(c.n) <> 0', changes);
	-- The join skips learners being deleted in this statement (their rows cascade away).
	EXECUTE format('INSERT INTO user_completion_days AS t (user_id, day, completions) SELECT d.user_id, d.day, d.n FROM (%s) d JOIN "user" u ON u.id = d.user_id
		ON CONFLICT (user_id, day) DO UPDATE SET completions = t.completions + excluded.completions', changes);
	EXECUTE format('DELETE FROM user_completion_days t USING (%s) d WHERE t.user_id = d.user_id AND t.day = d.day AND t.completions <= 0', changes);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_progress_days_insert AFTER INSERT ON user_progress REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_progress_completions();
--> statement-breakpoint
CREATE TRIGGER user_progress_days_delete AFTER DELETE ON user_progress REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_progress_completions();
--> statement-breakpoint
CREATE TRIGGER user_progress_days_update AFTER UPDATE ON user_progress REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_progress_completions();
--> statement-breakpoint
-- Backfill from the rows already there.
DO $$ BEGIN
	EXECUTE format('INSERT INTO xp_totals (user_id, period, scope, xp, lessons, last_gain_at, last_at) %s', xp_totals_select('xp_ledger'));
END $$;
--> statement-breakpoint
INSERT INTO user_completion_days (user_id, day, completions)
SELECT user_id, (coalesce(completed_at, created_at) AT TIME ZONE 'UTC')::date, count(*)::int
FROM user_progress WHERE status = 'completed' GROUP BY 1, 2;
