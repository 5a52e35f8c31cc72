-- New pending requests also name their senders: 'exchange_requesters+<member ids>' (comma
-- separated), so the viewer states (src/server/features/posts/viewer-states.ts) forget only those
-- members' exchange statuses. More than 100 senders in one statement send 'exchange_requesters+'
-- alone (a notification's payload is limited to 8,000 bytes): every state is then forgotten.
CREATE OR REPLACE FUNCTION skillswap_notify_exchange_requests_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  authors text;
  requesters text;
BEGIN
  IF EXISTS (SELECT 1 FROM added_requests WHERE status IN ('accepted', 'completed')) THEN
    PERFORM pg_notify('skillswap_content_changed', 'exchange_requests');
  ELSIF EXISTS (SELECT 1 FROM added_requests) THEN
    IF (SELECT count(DISTINCT post_author_id) FROM added_requests) <= 100 THEN
      SELECT string_agg(DISTINCT post_author_id::text, ',') INTO authors FROM added_requests WHERE post_author_id IS NOT NULL;
    END IF;
    IF (SELECT count(DISTINCT requester_id) FROM added_requests) <= 100 THEN
      SELECT string_agg(DISTINCT requester_id::text, ',') INTO requesters FROM added_requests;
    END IF;
    PERFORM pg_notify('skillswap_content_changed', 'exchange_requests+' || coalesce(authors, ''));
    PERFORM pg_notify('skillswap_content_changed', 'exchange_requesters+' || coalesce(requesters, ''));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Blocks notify like the other tables the lists of posts depend on (the blocks service notified
-- by hand before; a block written by a script now reaches the viewer states and caches too).
CREATE TRIGGER member_blocks_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON member_blocks
  FOR EACH STATEMENT EXECUTE FUNCTION skillswap_notify_content_changed();
