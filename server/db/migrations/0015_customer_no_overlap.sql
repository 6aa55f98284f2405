ALTER TABLE "bookings" ADD COLUMN "customer_exclusive" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- One customer, one appointment at a time: a live (not cancelled) booking refuses another live
-- booking of the same customer that overlaps it, whether she is the same account (user_id) or the
-- same e-mail typed at checkout (contact.email: a signed-in customer may book with another e-mail,
-- and that e-mail's own account is the same person). Decided by the database, so two requests at
-- once (two tabs, a double tap on two professionals) cannot both pass. Half-open [starts_at,
-- ends_at): back-to-back appointments are allowed. Several people at once is a salotto.
-- Bookings stored before this rule that already overlapped another of hers keep their place out of
-- it (customer_exclusive = false), so the constraints can be added on any database.
UPDATE "bookings" AS a SET "customer_exclusive" = false
  WHERE a."status" <> 'cancelled'
    AND EXISTS (
      SELECT 1 FROM "bookings" AS b
      WHERE b."id" <> a."id" AND b."status" <> 'cancelled'
        AND (b."user_id" = a."user_id" OR lower(b."contact"->>'email') = lower(a."contact"->>'email'))
        AND tstzrange(b."starts_at", b."ends_at") && tstzrange(a."starts_at", a."ends_at")
    );
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" <> 'cancelled' AND "customer_exclusive");
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_contact_no_overlap"
  EXCLUDE USING gist ((lower("contact"->>'email')) WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" <> 'cancelled' AND "customer_exclusive");
