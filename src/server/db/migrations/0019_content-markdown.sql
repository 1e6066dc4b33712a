ALTER TABLE "blog_posts" ADD COLUMN "body_markdown" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "body_en_markdown" text;--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "body_markdown" text;