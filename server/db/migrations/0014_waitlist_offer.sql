ALTER TABLE "waitlist" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "offer_token_hash" text;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "offer_expires_at" timestamp with time zone;