CREATE TABLE "booking_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"category" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_assignments" ADD CONSTRAINT "booking_assignments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_assignments" ADD CONSTRAINT "booking_assignments_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_assignments_booking_idx" ON "booking_assignments" USING btree ("booking_id");--> statement-breakpoint
-- A booking holds one assignment per professional (a salotto: one per chosen category). The
-- no-double-booking rule moves from bookings to the assignments, so a single booking and a
-- salotto's part of one professional refuse each other exactly as two single bookings did.
-- Existing bookings: each one with a professional becomes her assignment; an old salotto (one
-- professional doing everything) keeps hers in its assignment and loses the booking-level one.
INSERT INTO "booking_assignments" ("booking_id", "professional_id", "category", "starts_at", "ends_at", "active")
  SELECT "id", "professional_id", NULL, "starts_at", "ends_at", "status" <> 'cancelled'
  FROM "bookings" WHERE "professional_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "bookings" SET "professional_id" = NULL WHERE "kind" = 'salotto';
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_salotto_team" CHECK ("kind" = 'single' OR "professional_id" IS NULL);
--> statement-breakpoint
ALTER TABLE "booking_assignments" ADD CONSTRAINT "booking_assignments_valid_interval" CHECK ("ends_at" > "starts_at");
--> statement-breakpoint
-- Half-open [starts_at, ends_at): back-to-back appointments are allowed; the travel buffer is
-- applied when availability reads busy intervals (as 0003 did on bookings). The GiST index also
-- serves that read.
ALTER TABLE "booking_assignments" ADD CONSTRAINT "booking_assignments_no_overlap"
  EXCLUDE USING gist ("professional_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("active");
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";
--> statement-breakpoint
-- A single booking's assignment is the booking's own professional and interval, whoever inserts
-- or changes the row (the store, the seed, a test fixture, an operator): kept here, not by each
-- caller. A salotto's assignments are written by the store; a change of its status (cancelled or
-- not) carries over to them.
CREATE FUNCTION "bookings_sync_assignment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."kind" = 'single' THEN
    IF TG_OP = 'UPDATE' THEN
      DELETE FROM "booking_assignments" WHERE "booking_id" = NEW."id";
    END IF;
    IF NEW."professional_id" IS NOT NULL THEN
      INSERT INTO "booking_assignments" ("booking_id", "professional_id", "category", "starts_at", "ends_at", "active")
        VALUES (NEW."id", NEW."professional_id", NULL, NEW."starts_at", NEW."ends_at", NEW."status" <> 'cancelled');
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE "booking_assignments" SET "active" = (NEW."status" <> 'cancelled') WHERE "booking_id" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_sync_assignment"
  AFTER INSERT OR UPDATE OF "professional_id", "starts_at", "ends_at", "status", "kind" ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "bookings_sync_assignment"();
