CREATE TABLE "space" (
	"id" text PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"directory_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"has_generated_description" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "space_file" (
	"space_id" text NOT NULL,
	"file_id" text NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_file_space_id_file_id_pk" PRIMARY KEY("space_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "space_invitation" (
	"id" text PRIMARY KEY NOT NULL,
	"space_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'viewer' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "space_member" (
	"id" text PRIMARY KEY NOT NULL,
	"space_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'viewer' NOT NULL,
	"is_invited" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deck" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "space" ADD CONSTRAINT "space_directory_id_directory_id_fk" FOREIGN KEY ("directory_id") REFERENCES "public"."directory"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space" ADD CONSTRAINT "space_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_file" ADD CONSTRAINT "space_file_space_id_space_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."space"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_file" ADD CONSTRAINT "space_file_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_invitation" ADD CONSTRAINT "space_invitation_space_id_space_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."space"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_invitation" ADD CONSTRAINT "space_invitation_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_member" ADD CONSTRAINT "space_member_space_id_space_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."space"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_member" ADD CONSTRAINT "space_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "space_directory_idx" ON "space" USING btree ("directory_id");--> statement-breakpoint
CREATE INDEX "space_owner_idx" ON "space" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "space_visibility_idx" ON "space" USING btree ("visibility","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "space_invitation_space_email_idx" ON "space_invitation" USING btree ("space_id","email");--> statement-breakpoint
CREATE INDEX "space_invitation_email_idx" ON "space_invitation" USING btree ("email") WHERE "space_invitation"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "space_member_space_user_idx" ON "space_member" USING btree ("space_id","user_id");--> statement-breakpoint
CREATE INDEX "space_member_user_idx" ON "space_member" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "deck" ADD CONSTRAINT "deck_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deck_owner_idx" ON "deck" USING btree ("owner_id");--> statement-breakpoint
UPDATE "deck" SET "owner_id" = "file"."owner_id" FROM "file" WHERE "deck"."file_id" = "file"."id" AND NOT "deck"."generated";
