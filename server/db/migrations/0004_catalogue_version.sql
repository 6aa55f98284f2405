CREATE SEQUENCE "public"."catalogue_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "catalogue_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "catalogue_version_single_row" CHECK ("catalogue_version"."id" = 1)
);
--> statement-breakpoint
-- Every write to what the API caches (services, sections, zones, professionals: the seed, an
-- operator's SQL, a future admin screen) gives the catalogue a new version in the same
-- transaction. A fresh sequence value, not version + 1: versions never repeat, even after the row
-- is truncated, so "my copy's version = the database's" always means "my copy is current".
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_version" ("id", "version") VALUES (1, nextval('catalogue_version_seq'))
  ON CONFLICT ("id") DO UPDATE SET "version" = nextval('catalogue_version_seq');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "services_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "service_sections_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_sections"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "zones_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "zones"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "professionals_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "professionals"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, nextval('catalogue_version_seq'));
