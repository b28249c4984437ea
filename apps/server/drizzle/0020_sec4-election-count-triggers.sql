-- The count of elections kept beside the table: statement triggers add and subtract the rows
-- each statement inserted or deleted, so the Admin's list reads its total without a scan.
INSERT INTO "table_counts" ("table_name", "count") SELECT 'elections', count(*) FROM "elections";
--> statement-breakpoint
CREATE FUNCTION "count_elections_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "table_counts" SET "count" = "count" + (SELECT count(*) FROM "added_rows")
    WHERE "table_name" = 'elections';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "count_elections_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "table_counts" SET "count" = "count" - (SELECT count(*) FROM "removed_rows")
    WHERE "table_name" = 'elections';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "count_elections_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "table_counts" SET "count" = 0 WHERE "table_name" = 'elections';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "elections_count_added" AFTER INSERT ON "elections"
  REFERENCING NEW TABLE AS "added_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_elections_added"();
--> statement-breakpoint
CREATE TRIGGER "elections_count_removed" AFTER DELETE ON "elections"
  REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_elections_removed"();
--> statement-breakpoint
CREATE TRIGGER "elections_count_truncated" AFTER TRUNCATE ON "elections"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_elections_truncated"();
