CREATE TABLE "customer_column_choices" (
	"user_id" integer NOT NULL,
	"headers_key" text NOT NULL,
	"columns" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_column_choices_user_id_headers_key_pk" PRIMARY KEY("user_id","headers_key")
);
--> statement-breakpoint
ALTER TABLE "customer_upload_lines" ADD COLUMN "details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_uploads" ADD COLUMN "guest_key_hash" text;--> statement-breakpoint
ALTER TABLE "customer_uploads" ADD COLUMN "source" jsonb;--> statement-breakpoint
ALTER TABLE "customer_uploads" ADD COLUMN "reading" jsonb;--> statement-breakpoint
ALTER TABLE "customer_uploads" ADD COLUMN "spare_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_uploads" ADD COLUMN "spare_extra" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_column_choices" ADD CONSTRAINT "customer_column_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;