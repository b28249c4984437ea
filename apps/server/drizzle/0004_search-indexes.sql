CREATE INDEX "elections_name_trgm_idx" ON "elections" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "elections_address_trgm_idx" ON "elections" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "elections_county_trgm_idx" ON "elections" USING gin ("county" gin_trgm_ops);