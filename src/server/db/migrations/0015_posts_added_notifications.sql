-- New posts name themselves in their change notification (src/server/features/search/search-hits.ts):
-- a search's cached hits take a new post in instead of being thrown away, so the searches of a
-- busy community are not worked out again after every post. The payload is 'posts+' and the
-- ids, comma-separated; a statement adding more than 100 posts (a seed, an import) sends plain
-- 'posts' as before (a notification holds at most 8,000 bytes). Updates, deletes and truncates
-- still send 'posts'. Caches that do not read the payload (the feed's) drop everything as before.
DROP TRIGGER posts_content_changed ON posts;
--> statement-breakpoint
CREATE TRIGGER posts_content_changed AFTER UPDATE OR DELETE OR TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION skillswap_notify_content_changed();
--> statement-breakpoint
CREATE FUNCTION skillswap_notify_posts_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added_count int;
BEGIN
  SELECT count(*) INTO added_count FROM added_posts;
  IF added_count = 0 THEN
    RETURN NULL;
  ELSIF added_count <= 100 THEN
    PERFORM pg_notify('skillswap_content_changed', 'posts+' || (SELECT string_agg(id::text, ',') FROM added_posts));
  ELSE
    PERFORM pg_notify('skillswap_content_changed', 'posts');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_added AFTER INSERT ON posts REFERENCING NEW TABLE AS added_posts
  FOR EACH STATEMENT EXECUTE FUNCTION skillswap_notify_posts_added();
--> statement-breakpoint
-- The members with Profile Visibility off: every search reads this short list for its viewer.
CREATE INDEX "member_settings_hidden_idx" ON "member_settings" USING btree ("user_id") WHERE profile_visibility = false;
