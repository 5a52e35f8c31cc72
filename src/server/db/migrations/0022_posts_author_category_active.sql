CREATE INDEX "posts_author_category_active_idx" ON "posts" USING btree ("author_category_id","created_at","user_id","id") WHERE status = 'active';--> statement-breakpoint
DROP INDEX "posts_author_category_id_idx";
