CREATE TABLE "summary_draft" (
	"id" text PRIMARY KEY NOT NULL,
	"file_id" text NOT NULL,
	"title" text NOT NULL,
	"sections" jsonb NOT NULL,
	"pages_read" integer NOT NULL,
	"page_count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "summary_draft" ADD CONSTRAINT "summary_draft_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "summary_draft_file_id_idx" ON "summary_draft" USING btree ("file_id");