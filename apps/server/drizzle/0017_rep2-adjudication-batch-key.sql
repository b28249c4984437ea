DROP INDEX "adjudications_item_key";--> statement-breakpoint
CREATE UNIQUE INDEX "adjudications_item_key" ON "adjudications" USING btree ("job_id","kind","sheet_id","contest_id","batch");