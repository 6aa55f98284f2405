-- No double booking, enforced by the database: two non-cancelled bookings of one professional
-- may not overlap in time. btree_gist (0000_extensions) lets = on uuid share a GiST index with &&
-- on the range. The same index serves the availability query for busy intervals. Ranges are
-- half-open [starts_at, ends_at): back-to-back appointments are allowed.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("professional_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" <> 'cancelled');
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_valid_interval" CHECK ("ends_at" > "starts_at");
