ALTER TABLE "file" ADD COLUMN "progress" jsonb;--> statement-breakpoint
ALTER TABLE "file" ADD COLUMN "unreadable_pages" jsonb;--> statement-breakpoint
ALTER TABLE "file" ADD COLUMN "low_confidence_pages" jsonb;--> statement-breakpoint
ALTER TABLE "file_page" ADD COLUMN "ocr_confidence" integer;