CREATE TABLE "usage_counter" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_counter_user_id_kind_period_pk" PRIMARY KEY("user_id","kind","period")
);
--> statement-breakpoint
ALTER TABLE "file" ADD COLUMN "error_key" text;--> statement-breakpoint
ALTER TABLE "file" ADD COLUMN "error_params" jsonb;--> statement-breakpoint
ALTER TABLE "usage_counter" ADD CONSTRAINT "usage_counter_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_waiting_idx" ON "file" USING btree ("status","created_at") WHERE "file"."status" in ('queued', 'extracting');--> statement-breakpoint
-- Uploads were counted from the file rows until now: this month's rows become the counter's starting value.
INSERT INTO "usage_counter" ("user_id", "kind", "period", "count")
SELECT "owner_id", 'uploads', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'), count(*)::integer
FROM "file"
WHERE "created_at" >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
GROUP BY "owner_id";
