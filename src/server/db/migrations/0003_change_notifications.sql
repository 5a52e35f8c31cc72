-- Change notifications for the in-process caches (src/server/realtime/hub.ts).
-- Every server instance LISTENs on these channels; the database itself notifies, so a write from
-- any instance, a seed script or an operator's SQL reaches every cache. Notifications are
-- delivered at commit and identical ones in one transaction are folded into one.

-- Anything a list of posts shows or filters on changed (feed cache).
CREATE FUNCTION skillswap_notify_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('skillswap_content_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION skillswap_notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER post_tags_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON post_tags
  FOR EACH STATEMENT EXECUTE FUNCTION skillswap_notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER profiles_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION skillswap_notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER member_settings_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON member_settings
  FOR EACH STATEMENT EXECUTE FUNCTION skillswap_notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER exchange_requests_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exchange_requests
  FOR EACH STATEMENT EXECUTE FUNCTION skillswap_notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER ratings_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ratings
  FOR EACH STATEMENT EXECUTE FUNCTION skillswap_notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER skill_categories_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON skill_categories
  FOR EACH STATEMENT EXECUTE FUNCTION skillswap_notify_content_changed();
--> statement-breakpoint

-- A member's sessions or account changed: a session ended (sign-out, password reset, expiry
-- clean-up) or the user row changed (e-mail verified, deleted). The payload is the user id;
-- the session cache forgets that member's sessions and asks better-auth again.
CREATE FUNCTION skillswap_notify_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('skillswap_sessions_changed', OLD.id);
  ELSE
    PERFORM pg_notify('skillswap_sessions_changed', OLD.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION skillswap_notify_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER users_sessions_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION skillswap_notify_sessions_changed();
