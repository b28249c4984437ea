CREATE TABLE "member_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);
