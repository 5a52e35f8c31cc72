-- New exchange requests are pending and change no member's visibility: they notify
-- 'exchange_requests+' (src/server/features/matching/match-rankings.ts keeps its rankings, the
-- feed cache drops its pages as before). A statement inserting a request that is already accepted
-- or completed (a connection, which shows a hidden member's posts), an update or a delete notify
-- 'exchange_requests' as before.
DROP TRIGGER exchange_requests_content_changed ON exchange_requests;
--> statement-breakpoint
CREATE TRIGGER exchange_requests_content_changed AFTER UPDATE OR DELETE OR TRUNCATE ON exchange_requests
  FOR EACH STATEMENT EXECUTE FUNCTION skillswap_notify_content_changed();
--> statement-breakpoint
CREATE FUNCTION skillswap_notify_exchange_requests_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM added_requests WHERE status IN ('accepted', 'completed')) THEN
    PERFORM pg_notify('skillswap_content_changed', 'exchange_requests');
  ELSIF EXISTS (SELECT 1 FROM added_requests) THEN
    PERFORM pg_notify('skillswap_content_changed', 'exchange_requests+');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER exchange_requests_added AFTER INSERT ON exchange_requests REFERENCING NEW TABLE AS added_requests
  FOR EACH STATEMENT EXECUTE FUNCTION skillswap_notify_exchange_requests_added();
