-- Holds (issue 28): a time held for a customer while she fills the checkout. The professionals a
-- hold takes are rows of booking_assignments with hold_id instead of booking_id, so the
-- booking_assignments_no_overlap exclusion constraint (0009: each appointment widened by half the
-- professional's travel buffer on each side) keeps a hold and a booking, or two holds, of one
-- professional apart, exactly as it keeps two bookings apart; their travel buffer is set by the
-- booking_assignments_buffer trigger as for any assignment. Expiry is the API's clock, not the
-- database's (tests and the browser replay pin it): the constraint cannot read it, so whoever
-- writes an assignment deletes the expired holds in its way first, in its own transaction
-- (server/services/slot-holds.ts), and the outbox's rounds sweep the rest.
CREATE TABLE "slot_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"holder_key" text NOT NULL,
	"kind" text NOT NULL,
	"fingerprint" text NOT NULL,
	"provider_id" uuid,
	"start_date" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"supplement" numeric(10, 2) DEFAULT 0 NOT NULL,
	"instant_booking" boolean NOT NULL,
	"service_fee" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_assignments" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_assignments" ADD COLUMN "hold_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "slot_holds_holder_key_idx" ON "slot_holds" USING btree ("holder_key");--> statement-breakpoint
CREATE INDEX "slot_holds_expires_idx" ON "slot_holds" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "booking_assignments" ADD CONSTRAINT "booking_assignments_hold_id_slot_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."slot_holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_assignments_hold_idx" ON "booking_assignments" USING btree ("hold_id");--> statement-breakpoint
ALTER TABLE "booking_assignments" ADD CONSTRAINT "booking_assignments_booking_or_hold" CHECK (("booking_assignments"."booking_id" IS NULL) <> ("booking_assignments"."hold_id" IS NULL));