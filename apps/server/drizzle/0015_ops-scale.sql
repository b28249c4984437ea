CREATE TABLE "pipeline_workers" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"role" text NOT NULL,
	"slots" integer NOT NULL,
	"busy" integer DEFAULT 0 NOT NULL,
	"batches_done" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopping" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operation_batches" ADD COLUMN "queued_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "operation_batches" ADD COLUMN "claimed_at" timestamp with time zone;