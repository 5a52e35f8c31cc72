-- New pending requests also name each sender with the post asked about:
-- 'exchange_requests_sent+<member id>:<post id>,...' (':' alone when none is pending), so the viewer states
-- (src/server/features/posts/viewer-states.ts) mark the post 'pending' in the sender's kept state
-- instead of reading it again. More than 100 requests in one statement send
-- 'exchange_requests_sent+' alone (a notification's payload is limited to 8,000 bytes): every
-- state is then forgotten. 'exchange_requesters+' stays for instances of the version before
-- (migration 0019) while a new version rolls out.
CREATE OR REPLACE FUNCTION skillswap_notify_exchange_requests_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  authors text;
  requesters text;
  sent text;
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
    -- Only pending ones change what a sender's state holds (their live requests: pending,
    -- accepted, completed); the statement's others (declined, withdrawn) change nothing there.
    IF (SELECT count(*) FROM added_requests) <= 100 THEN
      SELECT coalesce(string_agg(requester_id::text || ':' || post_id::text, ','), ':') INTO sent
        FROM added_requests WHERE status = 'pending' AND post_id IS NOT NULL;
    END IF;
    PERFORM pg_notify('skillswap_content_changed', 'exchange_requests+' || coalesce(authors, ''));
    PERFORM pg_notify('skillswap_content_changed', 'exchange_requesters+' || coalesce(requesters, ''));
    PERFORM pg_notify('skillswap_content_changed', 'exchange_requests_sent+' || coalesce(sent, ''));
  END IF;
  RETURN NULL;
END
$$;
