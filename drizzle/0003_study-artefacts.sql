CREATE TABLE "challenge" (
	"id" text PRIMARY KEY NOT NULL,
	"lesson_id" text NOT NULL,
	"type" text NOT NULL,
	"question" text NOT NULL,
	"explanation" text NOT NULL,
	"page" integer,
	"payload" jsonb NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "challenge_option" (
	"id" text PRIMARY KEY NOT NULL,
	"challenge_id" text NOT NULL,
	"text" text NOT NULL,
	"correct" boolean NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chunk" (
	"id" text PRIMARY KEY NOT NULL,
	"file_id" text NOT NULL,
	"page" integer NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "text")) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deck" (
	"id" text PRIMARY KEY NOT NULL,
	"file_id" text NOT NULL,
	"title" text NOT NULL,
	"generated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flashcard" (
	"id" text PRIMARY KEY NOT NULL,
	"deck_id" text NOT NULL,
	"kind" text NOT NULL,
	"front" text NOT NULL,
	"back" text NOT NULL,
	"page" integer,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson" (
	"id" text PRIMARY KEY NOT NULL,
	"unit_id" text NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mindmap" (
	"id" text PRIMARY KEY NOT NULL,
	"file_id" text NOT NULL,
	"tree" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_artefact" (
	"id" text PRIMARY KEY NOT NULL,
	"file_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"error_key" text,
	"error_params" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"engine" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "summary" (
	"id" text PRIMARY KEY NOT NULL,
	"file_id" text NOT NULL,
	"markdown" text NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit" (
	"id" text PRIMARY KEY NOT NULL,
	"file_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"page" integer,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "challenge" ADD CONSTRAINT "challenge_lesson_id_lesson_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lesson"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_option" ADD CONSTRAINT "challenge_option_challenge_id_challenge_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenge"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunk" ADD CONSTRAINT "chunk_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck" ADD CONSTRAINT "deck_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashcard" ADD CONSTRAINT "flashcard_deck_id_deck_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."deck"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson" ADD CONSTRAINT "lesson_unit_id_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mindmap" ADD CONSTRAINT "mindmap_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_artefact" ADD CONSTRAINT "study_artefact_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "summary" ADD CONSTRAINT "summary_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit" ADD CONSTRAINT "unit_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenge_lesson_id_idx" ON "challenge" USING btree ("lesson_id","position");--> statement-breakpoint
CREATE INDEX "challenge_option_challenge_id_idx" ON "challenge_option" USING btree ("challenge_id","position");--> statement-breakpoint
CREATE INDEX "chunk_file_id_idx" ON "chunk" USING btree ("file_id","position");--> statement-breakpoint
CREATE INDEX "chunk_search_idx" ON "chunk" USING gin ("search");--> statement-breakpoint
CREATE INDEX "deck_file_id_idx" ON "deck" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deck_generated_file_idx" ON "deck" USING btree ("file_id") WHERE "deck"."generated";--> statement-breakpoint
CREATE INDEX "flashcard_deck_id_idx" ON "flashcard" USING btree ("deck_id","position");--> statement-breakpoint
CREATE INDEX "lesson_unit_id_idx" ON "lesson" USING btree ("unit_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "mindmap_file_id_idx" ON "mindmap" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "study_artefact_file_kind_idx" ON "study_artefact" USING btree ("file_id","kind");--> statement-breakpoint
CREATE INDEX "study_artefact_waiting_idx" ON "study_artefact" USING btree ("status","updated_at") WHERE "study_artefact"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "summary_file_id_idx" ON "summary" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "unit_file_id_idx" ON "unit" USING btree ("file_id","position");--> statement-breakpoint
-- Files read before the study pipeline existed get their artefacts queued; the sweep at start-up sends their jobs.
INSERT INTO "study_artefact" ("id", "file_id", "kind", "status")
SELECT gen_random_uuid()::text, "file"."id", "kinds"."kind", 'queued'
FROM "file" CROSS JOIN (VALUES ('chunks'), ('summary'), ('mindmap'), ('flashcards'), ('learn_path')) AS "kinds" ("kind")
WHERE "file"."status" = 'ready';
