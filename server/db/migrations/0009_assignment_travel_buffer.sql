ALTER TABLE "booking_assignments" ADD COLUMN "travel_buffer_mm" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The travel buffer joins the no-overlap rule. Availability offers a slot only when the professional
-- is free for it with her buffer kept on both sides of every other appointment, but two bookings
-- stored at the same moment, back to back, each passed that check before the other was stored and
-- the constraint (on the appointments alone) let both in. Each assignment now blocks its
-- appointment widened by half the professional's buffer on each side: two of hers overlap exactly
-- when one starts less than a buffer after the other ends.
-- (timestamptz ± an interval of seconds does not depend on the time zone, so the function is
-- immutable, as an index expression must be.)
CREATE FUNCTION "assignment_busy_range"("starts_at" timestamptz, "ends_at" timestamptz, "buffer_mm" integer)
  RETURNS tstzrange LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT tstzrange("starts_at" - make_interval(secs => "buffer_mm" * 30), "ends_at" + make_interval(secs => "buffer_mm" * 30))
$$;
--> statement-breakpoint
-- Existing assignments take their professional's buffer, except pairs already closer than it (stored
-- by that race before this migration): those keep 0, i.e. the rule they were stored under, so the
-- constraint below can be added on any database.
UPDATE "booking_assignments" AS a SET "travel_buffer_mm" = p."travel_buffer_mm"
  FROM "professionals" AS p
  WHERE p."id" = a."professional_id"
    AND NOT EXISTS (
      SELECT 1 FROM "booking_assignments" AS b
      WHERE b."professional_id" = a."professional_id" AND b."id" <> a."id" AND a."active" AND b."active"
        AND assignment_busy_range(b."starts_at", b."ends_at", p."travel_buffer_mm")
          && assignment_busy_range(a."starts_at", a."ends_at", p."travel_buffer_mm")
    );
--> statement-breakpoint
-- Whoever writes an assignment (the store, the single-booking trigger, a fixture, an operator), it
-- carries the professional's buffer of that moment.
CREATE FUNCTION "booking_assignments_buffer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."travel_buffer_mm" := COALESCE(
    (SELECT "travel_buffer_mm" FROM "professionals" WHERE "id" = NEW."professional_id"), 0);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "booking_assignments_buffer"
  BEFORE INSERT OR UPDATE OF "professional_id" ON "booking_assignments"
  FOR EACH ROW EXECUTE FUNCTION "booking_assignments_buffer"();
--> statement-breakpoint
ALTER TABLE "booking_assignments" DROP CONSTRAINT "booking_assignments_no_overlap";
--> statement-breakpoint
ALTER TABLE "booking_assignments" ADD CONSTRAINT "booking_assignments_no_overlap"
  EXCLUDE USING gist ("professional_id" WITH =, assignment_busy_range("starts_at", "ends_at", "travel_buffer_mm") WITH &&)
  WHERE ("active");
