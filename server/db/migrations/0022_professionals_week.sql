CREATE TABLE "time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text,
	"entered_by" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "time_off_valid_interval" CHECK ("time_off"."ends_at" > "time_off"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"professional_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hand_overs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"category" text,
	"from_professional_id" uuid NOT NULL,
	"to_professional_id" uuid,
	"time_off_id" uuid,
	"cause" text NOT NULL,
	"state" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "professional_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"valid_from" text NOT NULL,
	"weekly_hours" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_assignments" DROP CONSTRAINT "booking_assignments_booking_or_hold";--> statement-breakpoint
DROP INDEX "booking_assignments_active_starts_idx";--> statement-breakpoint
ALTER TABLE "booking_assignments" ADD COLUMN "time_off_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hand_over_state" text;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_overs" ADD CONSTRAINT "hand_overs_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_overs" ADD CONSTRAINT "hand_overs_from_professional_id_professionals_id_fk" FOREIGN KEY ("from_professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_overs" ADD CONSTRAINT "hand_overs_to_professional_id_professionals_id_fk" FOREIGN KEY ("to_professional_id") REFERENCES "public"."professionals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hand_overs" ADD CONSTRAINT "hand_overs_time_off_id_time_off_id_fk" FOREIGN KEY ("time_off_id") REFERENCES "public"."time_off"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_hours" ADD CONSTRAINT "professional_hours_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_hours" ADD CONSTRAINT "professional_hours_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_off_professional_ends_idx" ON "time_off" USING btree ("professional_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_idx" ON "calendar_feeds" USING btree ("token");--> statement-breakpoint
CREATE INDEX "hand_overs_booking_idx" ON "hand_overs" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "hand_overs_state_starts_idx" ON "hand_overs" USING btree ("state","starts_at");--> statement-breakpoint
CREATE INDEX "hand_overs_time_off_idx" ON "hand_overs" USING btree ("time_off_id");--> statement-breakpoint
CREATE UNIQUE INDEX "professional_hours_from_idx" ON "professional_hours" USING btree ("professional_id","valid_from");--> statement-breakpoint
ALTER TABLE "booking_assignments" ADD CONSTRAINT "booking_assignments_time_off_id_time_off_id_fk" FOREIGN KEY ("time_off_id") REFERENCES "public"."time_off"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_assignments_time_off_idx" ON "booking_assignments" USING btree ("time_off_id");--> statement-breakpoint
CREATE INDEX "booking_assignments_active_starts_idx" ON "booking_assignments" USING btree ("professional_id","starts_at","ends_at","hold_id","time_off_id") WHERE "booking_assignments"."active";--> statement-breakpoint
ALTER TABLE "booking_assignments" ADD CONSTRAINT "booking_assignments_booking_or_hold" CHECK (num_nonnulls("booking_assignments"."booking_id", "booking_assignments"."hold_id", "booking_assignments"."time_off_id") = 1);--> statement-breakpoint
-- Issue 40: a time off is rows of booking_assignments (time_off_id, one per local day it touches),
-- so the booking_assignments_no_overlap exclusion constraint (0009) refuses any booking or hold of
-- hers that overlaps it, exactly as it refuses two bookings, whoever writes them and however
-- concurrently. Its rows carry no travel buffer: the days of one time off touch without refusing
-- each other, and an appointment of hers keeps half her buffer from it (her own row is widened by
-- half her buffer on each side; availability applies the same, availability-store.ts).
CREATE OR REPLACE FUNCTION "booking_assignments_buffer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."time_off_id" IS NOT NULL THEN
    NEW."travel_buffer_mm" := 0;
  ELSE
    NEW."travel_buffer_mm" := COALESCE(
      (SELECT "travel_buffer_mm" FROM "professionals" WHERE "id" = NEW."professional_id"), 0);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Her weeks from a day on are part of what the API keeps in memory with the professionals (0004).
CREATE TRIGGER "professional_hours_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "professional_hours"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
-- One open hand-over (waiting for its job, or on the team's board) per part of a booking: two
-- writers handing the same appointment over at once store one.
CREATE UNIQUE INDEX "hand_overs_open_part_idx" ON "hand_overs" ("booking_id", coalesce("category", ''))
  WHERE "state" IN ('pending', 'unplaced');
