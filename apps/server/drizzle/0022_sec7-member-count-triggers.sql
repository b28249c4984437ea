-- Each user's count of memberships kept beside election_members: statement triggers add and
-- subtract the rows each statement inserted or deleted (users in id order, so concurrent
-- statements take the counts' row locks in one order), and a membership moved to another user
-- moves its count. A member's election list reads its total here instead of counting.
INSERT INTO "member_counts" ("user_id", "count")
  SELECT "user_id", count(*) FROM "election_members" GROUP BY "user_id";
--> statement-breakpoint
CREATE FUNCTION "count_members_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "member_counts" ("user_id", "count")
    SELECT "user_id", count(*) FROM "added_rows" GROUP BY "user_id" ORDER BY "user_id"
    ON CONFLICT ("user_id") DO UPDATE SET "count" = "member_counts"."count" + excluded."count";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "count_members_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed record;
BEGIN
  FOR removed IN
    SELECT "user_id", count(*) AS "n" FROM "removed_rows" GROUP BY "user_id" ORDER BY "user_id"
  LOOP
    UPDATE "member_counts" SET "count" = "count" - removed."n" WHERE "user_id" = removed."user_id";
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "count_members_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "member_counts" SET "count" = "count" - 1 WHERE "user_id" = OLD."user_id";
  INSERT INTO "member_counts" ("user_id", "count") VALUES (NEW."user_id", 1)
    ON CONFLICT ("user_id") DO UPDATE SET "count" = "member_counts"."count" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "count_members_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "member_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "election_members_count_added" AFTER INSERT ON "election_members"
  REFERENCING NEW TABLE AS "added_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_members_added"();
--> statement-breakpoint
CREATE TRIGGER "election_members_count_removed" AFTER DELETE ON "election_members"
  REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_members_removed"();
--> statement-breakpoint
CREATE TRIGGER "election_members_count_moved" AFTER UPDATE OF "user_id" ON "election_members"
  FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id")
  EXECUTE FUNCTION "count_members_moved"();
--> statement-breakpoint
CREATE TRIGGER "election_members_count_truncated" AFTER TRUNCATE ON "election_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_members_truncated"();
