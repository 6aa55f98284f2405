CREATE TABLE "service_sections" (
	"id" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"audience" text NOT NULL,
	"role" text NOT NULL,
	"title" text,
	"item_type" text NOT NULL,
	"service_ids" text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"form_description" text,
	"duration_mm" integer NOT NULL,
	"duration_by_hair_length" jsonb,
	"price" numeric(10, 2),
	"price_by_hair_length" jsonb,
	"list_price" numeric(10, 2),
	"list_price_by_hair_length" jsonb,
	"price_starting_from" boolean DEFAULT false NOT NULL,
	"is_manual_flow" boolean DEFAULT false NOT NULL,
	"image" text NOT NULL,
	"group_id" text,
	"exclude_from_booking" boolean DEFAULT false NOT NULL,
	"salotto" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"center_lat" double precision NOT NULL,
	"center_lng" double precision NOT NULL,
	"radius_km" double precision NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"value" numeric(10, 2) NOT NULL,
	"valid_from" text,
	"valid_until" text,
	"first_booking_only" boolean DEFAULT false NOT NULL,
	"category" text,
	"min_subtotal" numeric(10, 2) DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"initial_balance" numeric(10, 2) NOT NULL,
	"balance" numeric(10, 2) NOT NULL,
	"valid_until" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "kind" text DEFAULT 'single' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "participants" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hair_length" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "supplement" numeric(10, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "gift_card_debit" numeric(10, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "is_manual_flow" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "doorbell_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "allergies" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "fit_to_plead" boolean;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "utm" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "zone_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "skill_categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "except_service_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "weekly_hours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "hours_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "travel_buffer_mm" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "professionals" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_idempotency_key_idx" ON "bookings" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "professionals_slug_idx" ON "professionals" USING btree ("slug");