ALTER TYPE "public"."media_kind" ADD VALUE 'galleryImage';--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "gallery" jsonb DEFAULT '[]'::jsonb NOT NULL;