CREATE TABLE "adjudication_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adjudication_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"adjudication_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"user_id" integer,
	"decision" text NOT NULL,
	"votes" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"settles" boolean DEFAULT false NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adjudication_settings" (
	"job_id" integer PRIMARY KEY NOT NULL,
	"reviewers_per_item" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leaderboard_credits" ADD COLUMN "agreed" boolean;--> statement-breakpoint
ALTER TABLE "adjudications" ADD COLUMN "batch" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "adjudications" ADD COLUMN "style" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "adjudications" ADD COLUMN "image_is_original" boolean;--> statement-breakpoint
ALTER TABLE "adjudications" ADD COLUMN "original_is_adjudicated" boolean;--> statement-breakpoint
ALTER TABLE "adjudications" ADD COLUMN "page_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "adjudications" ADD COLUMN "targets" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "adjudications" ADD COLUMN "state" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "adjudication_reviews" ADD CONSTRAINT "adjudication_reviews_adjudication_id_adjudications_id_fk" FOREIGN KEY ("adjudication_id") REFERENCES "public"."adjudications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjudication_reviews" ADD CONSTRAINT "adjudication_reviews_job_id_audit_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."audit_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjudication_reviews" ADD CONSTRAINT "adjudication_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjudication_settings" ADD CONSTRAINT "adjudication_settings_job_id_audit_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."audit_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adjudication_reviews_item_user_key" ON "adjudication_reviews" USING btree ("adjudication_id","user_id");--> statement-breakpoint
CREATE INDEX "adjudication_reviews_job_user_idx" ON "adjudication_reviews" USING btree ("job_id","user_id");--> statement-breakpoint
CREATE INDEX "adjudications_queue_idx" ON "adjudications" USING btree ("job_id","state","id");--> statement-breakpoint
CREATE INDEX "adjudications_contest_idx" ON "adjudications" USING btree ("job_id","contest_id","id");--> statement-breakpoint
UPDATE "adjudications" SET "state" = 'decided' WHERE "decision" IS NOT NULL;
