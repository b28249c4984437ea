CREATE TABLE "rla_audits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rla_audits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"risk_limit" integer NOT NULL,
	"seed" text NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"cvr_file" text NOT NULL,
	"cvr_key" text NOT NULL,
	"manifest_file" text NOT NULL,
	"manifest" jsonb NOT NULL,
	"ballots" integer NOT NULL,
	"contests" jsonb NOT NULL,
	"boards" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rla_ballots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rla_ballots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rla_id" integer NOT NULL,
	"ballot_key" text NOT NULL,
	"scanner" text NOT NULL,
	"batch" text NOT NULL,
	"position" integer NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"board_id" text NOT NULL,
	"first_round" integer NOT NULL,
	"ticket" text NOT NULL,
	"draws" jsonb NOT NULL,
	"cvr_id" text,
	"cvr_votes" jsonb,
	"entries" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reading" jsonb,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rla_rounds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rla_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rla_id" integer NOT NULL,
	"number" integer NOT NULL,
	"draws_before" integer NOT NULL,
	"draws" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"results" jsonb,
	"started_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "rla_audits" ADD CONSTRAINT "rla_audits_job_id_audit_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."audit_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rla_audits" ADD CONSTRAINT "rla_audits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rla_ballots" ADD CONSTRAINT "rla_ballots_rla_id_rla_audits_id_fk" FOREIGN KEY ("rla_id") REFERENCES "public"."rla_audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rla_rounds" ADD CONSTRAINT "rla_rounds_rla_id_rla_audits_id_fk" FOREIGN KEY ("rla_id") REFERENCES "public"."rla_audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rla_rounds" ADD CONSTRAINT "rla_rounds_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rla_audits_job_key" ON "rla_audits" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rla_ballots_rla_key" ON "rla_ballots" USING btree ("rla_id","ballot_key");--> statement-breakpoint
CREATE INDEX "rla_ballots_rla_round_idx" ON "rla_ballots" USING btree ("rla_id","first_round");--> statement-breakpoint
CREATE UNIQUE INDEX "rla_rounds_rla_number_key" ON "rla_rounds" USING btree ("rla_id","number");