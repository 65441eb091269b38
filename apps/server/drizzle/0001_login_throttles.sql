CREATE TABLE "login_throttles" (
	"email" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_throttles_window_idx" ON "login_throttles" USING btree ("window_started_at");