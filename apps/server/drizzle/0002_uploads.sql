CREATE TABLE "upload_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "upload_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"election_id" integer,
	"district_id" integer,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"valid_through" date,
	"send_email" boolean DEFAULT false NOT NULL,
	"token_salt" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "uploads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"election_id" integer,
	"district_id" integer,
	"request_id" integer,
	"request_name" text,
	"file_name" text NOT NULL,
	"file_type" text,
	"description" text DEFAULT '' NOT NULL,
	"content_type" text NOT NULL,
	"chunk_count" integer NOT NULL,
	"chunk_size" bigint NOT NULL,
	"file_size" bigint NOT NULL,
	"size" bigint,
	"etag" text,
	"status" text NOT NULL,
	"failure_reason" text,
	"storage_key" text NOT NULL,
	"multipart_id" text,
	"state" text DEFAULT '' NOT NULL,
	"county" text DEFAULT '' NOT NULL,
	"uploaded_by" integer,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_requests" ADD CONSTRAINT "upload_requests_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_requests" ADD CONSTRAINT "upload_requests_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_requests" ADD CONSTRAINT "upload_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_election_id_elections_id_fk" FOREIGN KEY ("election_id") REFERENCES "public"."elections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_request_id_upload_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."upload_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_requests_election_idx" ON "upload_requests" USING btree ("election_id");--> statement-breakpoint
CREATE INDEX "upload_requests_district_idx" ON "upload_requests" USING btree ("district_id");--> statement-breakpoint
CREATE INDEX "uploads_election_idx" ON "uploads" USING btree ("election_id","kind");--> statement-breakpoint
CREATE INDEX "uploads_district_idx" ON "uploads" USING btree ("district_id","kind");--> statement-breakpoint
CREATE INDEX "uploads_request_idx" ON "uploads" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "uploads_uploading_idx" ON "uploads" USING btree ("status","updated_at");