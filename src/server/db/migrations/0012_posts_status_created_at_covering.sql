DROP INDEX "posts_status_created_at_idx";--> statement-breakpoint
CREATE INDEX "posts_status_created_at_idx" ON "posts" USING btree ("status","created_at","user_id","id","custom_tags");