DROP INDEX "elections_name_trgm_idx";--> statement-breakpoint
DROP INDEX "elections_address_trgm_idx";--> statement-breakpoint
DROP INDEX "elections_county_trgm_idx";--> statement-breakpoint
ALTER TABLE "elections" ADD COLUMN "search" text GENERATED ALWAYS AS (lower("elections"."name" || E'\n' || "elections"."address" || E'\n' || "elections"."county")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "elections_search_trgm_idx" ON "elections" USING gin ("search" gin_trgm_ops);