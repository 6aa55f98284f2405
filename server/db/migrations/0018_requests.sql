ALTER TABLE "bookings" ADD COLUMN "request_stage" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "answer_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "asked_professional_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "requested_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "requested_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "decline_message" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "quoted_total" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "quote_includes" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "answered_by" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "professional_id" uuid;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_request_stage_idx" ON "bookings" USING btree ("request_stage","starts_at") WHERE "bookings"."request_stage" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "professionals_user_idx" ON "professionals" USING btree ("user_id");--> statement-breakpoint
-- Requests stored before issue 27 (pending, still ahead) get what a new one gets: whom they wait
-- for, until when, and the outbox job that passes them on then (server/services/requests.ts).
UPDATE "bookings" SET
  "request_stage" = CASE WHEN "kind" = 'salotto' THEN 'team' ELSE 'professional' END,
  "answer_by" = CASE WHEN "kind" = 'salotto' THEN "starts_at" - interval '2 hours'
    ELSE GREATEST(now(), LEAST(now() + interval '60 minutes', "starts_at" - interval '12 hours')) END,
  "asked_professional_ids" = CASE WHEN "professional_id" IS NULL THEN '{}'::uuid[] ELSE ARRAY["professional_id"] END
WHERE "status" = 'pending' AND "starts_at" > now();--> statement-breakpoint
INSERT INTO "outbox" ("kind", "booking_id", "for_starts_at", "next_attempt_at", "created_at")
  SELECT 'request-deadline', "id", "answer_by", "answer_by", now() FROM "bookings" WHERE "request_stage" IS NOT NULL;
