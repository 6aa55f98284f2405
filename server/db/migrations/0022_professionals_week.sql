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
-- Issue 40: two time offs of one professional never overlap (a cancelled one frees its time).
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_no_overlap"
  EXCLUDE USING gist ("professional_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("cancelled_at" IS NULL);
--> statement-breakpoint
-- Issue 40: nobody is booked inside her time off, whoever writes the booking and however
-- concurrently. The rule is on the assignments (a single booking's, a salotto member's part, a
-- hold's), which every path writes: an assignment of hers that becomes active at a time (inserted,
-- moved, given to her, made active again) overlapping a time off of hers not cancelled is refused
-- with SQLSTATE 23P01 (an exclusion violation, as a taken time is: every path already answers it
-- by computing the time again, or 409), constraint "booking_assignments_time_off".
--
-- The race: a booking and a time off written at the same moment cannot see each other's rows. So
-- the two wait for each other on one advisory lock per professional ('time-off:<id>'): a time off
-- takes it exclusive (time_off_lock below, on any write of time_off), an assignment shared (her
-- bookings do not wait for each other). Whichever gets it first commits first; the check runs after
-- the lock is held, and in READ COMMITTED each statement of this function reads the rows committed
-- before it, so the booking then sees the time off that came first and is refused, or the time off
-- is stored after the booking: an appointment it covers (allowed: it is handed over). Under
-- REPEATABLE READ or SERIALIZABLE the check would read an older snapshot: the function refuses to
-- run there rather than let a booking in.
--
-- The interval compared is the appointment itself, without her travel buffer: she may work until
-- her time off starts (availability applies the same, her windows minus her time off).
CREATE FUNCTION "time_off_lock_key"("professional_id" uuid) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT hashtextextended('time-off:' || "professional_id"::text, 0) $$;
--> statement-breakpoint
CREATE FUNCTION "booking_assignments_refuse_time_off"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW."active" THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."active" AND OLD."professional_id" = NEW."professional_id"
     AND OLD."starts_at" = NEW."starts_at" AND OLD."ends_at" = NEW."ends_at" THEN
    RETURN NEW;
  END IF;
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'booking_assignments: writes run in READ COMMITTED (the time-off check reads committed rows)'
      USING ERRCODE = '25000';
  END IF;
  PERFORM pg_advisory_xact_lock_shared(time_off_lock_key(NEW."professional_id"));
  IF EXISTS (
    SELECT 1 FROM "time_off" t
    WHERE t."professional_id" = NEW."professional_id" AND t."cancelled_at" IS NULL
      AND t."ends_at" > NEW."starts_at" AND t."starts_at" < NEW."ends_at"
  ) THEN
    RAISE EXCEPTION 'the professional is on time off then'
      USING ERRCODE = '23P01', CONSTRAINT = 'booking_assignments_time_off', TABLE = 'booking_assignments';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "booking_assignments_refuse_time_off"
  BEFORE INSERT OR UPDATE OF "active", "professional_id", "starts_at", "ends_at" ON "booking_assignments"
  FOR EACH ROW EXECUTE FUNCTION "booking_assignments_refuse_time_off"();
--> statement-breakpoint
CREATE FUNCTION "time_off_lock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(time_off_lock_key(NEW."professional_id"));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "time_off_lock"
  BEFORE INSERT OR UPDATE ON "time_off"
  FOR EACH ROW EXECUTE FUNCTION "time_off_lock"();
--> statement-breakpoint
-- A change of a single booking's status alone (a request accepted, an appointment cancelled) now
-- updates its assignment in place instead of writing it again (0008): an appointment a time off
-- came to cover stays where it is when its request is accepted; only a new time or professional is
-- a new assignment, which the check above judges.
CREATE OR REPLACE FUNCTION "bookings_sync_assignment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."kind" = 'single' THEN
    IF TG_OP = 'UPDATE' AND OLD."kind" = 'single'
       AND OLD."professional_id" IS NOT DISTINCT FROM NEW."professional_id"
       AND OLD."starts_at" = NEW."starts_at" AND OLD."ends_at" = NEW."ends_at" THEN
      UPDATE "booking_assignments" SET "active" = (NEW."status" <> 'cancelled') WHERE "booking_id" = NEW."id";
      RETURN NULL;
    END IF;
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
-- Her weeks from a day on and her time off are part of what the API keeps in memory with the
-- professionals (0004): availability reads them from there.
CREATE TRIGGER "professional_hours_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "professional_hours"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "time_off_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "time_off"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
-- One open hand-over (waiting for its job, or on the team's board) per part of a booking: two
-- writers handing the same appointment over at once store one.
CREATE UNIQUE INDEX "hand_overs_open_part_idx" ON "hand_overs" ("booking_id", coalesce("category", ''))
  WHERE "state" IN ('pending', 'unplaced');
