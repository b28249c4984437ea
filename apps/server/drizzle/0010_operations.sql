CREATE TABLE "action_tools" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "action_tools_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer,
	"function_name" text NOT NULL,
	"script" text NOT NULL,
	"api_entry" text NOT NULL,
	"api_operands" jsonb NOT NULL,
	"help_text" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adjudications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adjudications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sheet_id" text NOT NULL,
	"contest_id" text DEFAULT '' NOT NULL,
	"image_votes" text DEFAULT '' NOT NULL,
	"image_gray" text DEFAULT '' NOT NULL,
	"cvr_votes" text DEFAULT '' NOT NULL,
	"archive" text DEFAULT '' NOT NULL,
	"entry" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"crop_key" text DEFAULT '' NOT NULL,
	"decision" text,
	"decided_votes" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_operations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_operations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"operation" text NOT NULL,
	"position" integer NOT NULL,
	"status" text NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"result" text DEFAULT '' NOT NULL,
	"operation_id" text,
	"group_id" text DEFAULT '' NOT NULL,
	"clear_results" boolean DEFAULT false NOT NULL,
	"batches_total" integer,
	"batches_done" integer DEFAULT 0 NOT NULL,
	"join_claimed" boolean DEFAULT false NOT NULL,
	"started_by" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operation_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"operation_row_id" integer NOT NULL,
	"run_id" text NOT NULL,
	"index" integer NOT NULL,
	"count" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"worker" text DEFAULT '' NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tool_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"tool_id" integer,
	"job_id" integer,
	"op" text NOT NULL,
	"operands" jsonb NOT NULL,
	"status" text NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"result" text DEFAULT '' NOT NULL,
	"folder" text NOT NULL,
	"outputs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "action_tools" ADD CONSTRAINT "action_tools_job_id_audit_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."audit_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_tools" ADD CONSTRAINT "action_tools_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjudications" ADD CONSTRAINT "adjudications_job_id_audit_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."audit_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjudications" ADD CONSTRAINT "adjudications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_operations" ADD CONSTRAINT "job_operations_job_id_audit_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."audit_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_operations" ADD CONSTRAINT "job_operations_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_batches" ADD CONSTRAINT "operation_batches_operation_row_id_job_operations_id_fk" FOREIGN KEY ("operation_row_id") REFERENCES "public"."job_operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_runs" ADD CONSTRAINT "tool_runs_tool_id_action_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."action_tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_runs" ADD CONSTRAINT "tool_runs_job_id_audit_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."audit_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_runs" ADD CONSTRAINT "tool_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_tools_job_idx" ON "action_tools" USING btree ("job_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "adjudications_item_key" ON "adjudications" USING btree ("job_id","kind","sheet_id","contest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_operations_job_operation_key" ON "job_operations" USING btree ("job_id","operation");--> statement-breakpoint
CREATE UNIQUE INDEX "job_operations_operation_id_key" ON "job_operations" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "job_operations_status_idx" ON "job_operations" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "operation_batches_run_index_key" ON "operation_batches" USING btree ("run_id","index");--> statement-breakpoint
CREATE INDEX "operation_batches_status_idx" ON "operation_batches" USING btree ("status","heartbeat_at");--> statement-breakpoint
CREATE INDEX "tool_runs_tool_idx" ON "tool_runs" USING btree ("tool_id");