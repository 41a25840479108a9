CREATE TABLE "directory" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"model" text DEFAULT 'gpt-4o-mini' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file" (
	"id" text PRIMARY KEY NOT NULL,
	"directory_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"extension" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text,
	"page_count" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"video_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_page" (
	"file_id" text NOT NULL,
	"page_number" integer NOT NULL,
	"text" text NOT NULL,
	"heading" text,
	CONSTRAINT "file_page_file_id_page_number_pk" PRIMARY KEY("file_id","page_number")
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "active_file_id" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "active_directory_id" text;--> statement-breakpoint
ALTER TABLE "directory" ADD CONSTRAINT "directory_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_directory_id_directory_id_fk" FOREIGN KEY ("directory_id") REFERENCES "public"."directory"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_page" ADD CONSTRAINT "file_page_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_owner_id_idx" ON "directory" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "file_directory_id_idx" ON "file" USING btree ("directory_id");--> statement-breakpoint
CREATE INDEX "file_owner_id_idx" ON "file" USING btree ("owner_id");