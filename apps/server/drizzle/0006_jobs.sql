CREATE TABLE "arg_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "arg_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"audit_type_id" text NOT NULL,
	"group" text NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	"help" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "arg_specs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "arg_specs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"argument" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'str' NOT NULL,
	"choices" text[] DEFAULT '{}'::text[] NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"help" text DEFAULT '' NOT NULL,
	"format" text DEFAULT '' NOT NULL,
	"multi" boolean DEFAULT false NOT NULL,
	"stages" text DEFAULT '' NOT NULL,
	"create_job_file_api" boolean DEFAULT true NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_job_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_job_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"election_id" integer NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"request_donate" numeric(14, 2) DEFAULT 0 NOT NULL,
	"received_donation" numeric(14, 2) DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"premium" text DEFAULT 'FALSE' NOT NULL,
	"show" text DEFAULT 'TRUE' NOT NULL,
	"help" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"size" bigint NOT NULL,
	"etag" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" integer,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_permission_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_permission_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"job_ids" integer[] NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"job_permission" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_permissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_permissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"full_range" boolean DEFAULT false NOT NULL,
	"start" integer DEFAULT 0 NOT NULL,
	"end" integer DEFAULT 0 NOT NULL,
	"page_1" boolean DEFAULT false NOT NULL,
	"page_2" boolean DEFAULT false NOT NULL,
	"page2_start" integer DEFAULT 0 NOT NULL,
	"page2_end" integer DEFAULT 0 NOT NULL,
	"style_page_1" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"style_page_2" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "arg_groups" ADD CONSTRAINT "arg_groups_audit_type_id_audit_types_id_fk" FOREIGN KEY ("audit_type_id") REFERENCES "public"."audit_types"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "arg_specs" ADD CONSTRAINT "arg_specs_group_id_arg_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."arg_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_job_members" ADD CONSTRAINT "audit_job_members_job_id_audit_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."audit_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_job_members" ADD CONSTRAINT "audit_job_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_jobs" ADD CONSTRAINT "audit_jobs_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_jobs" ADD CONSTRAINT "audit_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_attachments" ADD CONSTRAINT "job_attachments_job_id_audit_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."audit_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_attachments" ADD CONSTRAINT "job_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_job_id_audit_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."audit_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_permission_requests" ADD CONSTRAINT "job_permission_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_permission_requests" ADD CONSTRAINT "job_permission_requests_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_permissions" ADD CONSTRAINT "job_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_permissions" ADD CONSTRAINT "job_permissions_job_id_audit_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."audit_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "arg_groups_type_group_key" ON "arg_groups" USING btree ("audit_type_id","group");--> statement-breakpoint
CREATE UNIQUE INDEX "arg_specs_group_argument_key" ON "arg_specs" USING btree ("group_id","argument");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_job_members_job_user_key" ON "audit_job_members" USING btree ("job_id","user_id");--> statement-breakpoint
CREATE INDEX "audit_job_members_user_idx" ON "audit_job_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_jobs_election_idx" ON "audit_jobs" USING btree ("election_id","id");--> statement-breakpoint
CREATE INDEX "job_attachments_job_idx" ON "job_attachments" USING btree ("job_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_files_job_name_key" ON "job_files" USING btree ("job_id","file_name");--> statement-breakpoint
CREATE UNIQUE INDEX "job_files_job_type_key" ON "job_files" USING btree ("job_id","file_type");--> statement-breakpoint
CREATE INDEX "job_permission_requests_user_idx" ON "job_permission_requests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_permissions_user_job_key" ON "job_permissions" USING btree ("user_id","job_id");--> statement-breakpoint
CREATE INDEX "job_permissions_job_idx" ON "job_permissions" USING btree ("job_id");