ALTER TABLE "posts" ADD COLUMN "author_category_id" integer;--> statement-breakpoint
CREATE INDEX "posts_author_category_id_idx" ON "posts" USING btree ("author_category_id");--> statement-breakpoint
-- Keeps posts.author_category_id equal to the author's profiles.primary_category_id.
CREATE FUNCTION skillswap_post_author_category() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.author_category_id := (SELECT pr.primary_category_id FROM profiles pr WHERE pr.id = NEW.user_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_author_category BEFORE INSERT OR UPDATE OF user_id ON posts
  FOR EACH ROW EXECUTE FUNCTION skillswap_post_author_category();
--> statement-breakpoint
CREATE FUNCTION skillswap_profile_category_to_posts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts SET author_category_id = NEW.primary_category_id
    WHERE user_id = NEW.id AND author_category_id IS DISTINCT FROM NEW.primary_category_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_category_to_posts AFTER INSERT OR UPDATE OF primary_category_id ON profiles
  FOR EACH ROW EXECUTE FUNCTION skillswap_profile_category_to_posts();
--> statement-breakpoint
UPDATE posts p SET author_category_id = pr.primary_category_id FROM profiles pr WHERE pr.id = p.user_id;
