DROP INDEX "posts_lat_lng_idx";--> statement-breakpoint
CREATE INDEX "posts_lat_lng_idx" ON "posts" USING btree ("latitude","longitude","status","created_at","user_id","id");