CREATE TABLE "table_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "elections_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "elections_search_trgm_idx" ON "elections" USING gin ("search" gin_trgm_ops) WITH (fastupdate=false);