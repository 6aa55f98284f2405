CREATE TABLE "waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"date" text NOT NULL,
	"location" jsonb NOT NULL,
	"services" jsonb NOT NULL,
	"hair_length" text,
	"participants" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_email_date_idx" ON "waitlist" USING btree ("email","date");--> statement-breakpoint
CREATE INDEX "waitlist_date_idx" ON "waitlist" USING btree ("date","created_at");