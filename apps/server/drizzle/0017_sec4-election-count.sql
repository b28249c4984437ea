CREATE TABLE "table_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL
);
