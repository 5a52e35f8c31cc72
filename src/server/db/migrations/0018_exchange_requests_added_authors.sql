-- New pending requests name their posts' authors: 'exchange_requests+<author ids>' (comma
-- separated), so the post card cache (src/server/features/posts/post-cards.ts) forgets only those
-- authors' response signals. More than 100 authors in one statement send 'exchange_requests+'
-- alone (a notification's payload is limited to 8,000 bytes): every signal is then forgotten.
CREATE OR REPLACE FUNCTION skillswap_notify_exchange_requests_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  authors text;
BEGIN
  IF EXISTS (SELECT 1 FROM added_requests WHERE status IN ('accepted', 'completed')) THEN
    PERFORM pg_notify('skillswap_content_changed', 'exchange_requests');
  ELSIF EXISTS (SELECT 1 FROM added_requests) THEN
    IF (SELECT count(DISTINCT post_author_id) FROM added_requests) <= 100 THEN
      SELECT string_agg(DISTINCT post_author_id::text, ',') INTO authors FROM added_requests WHERE post_author_id IS NOT NULL;
    END IF;
    PERFORM pg_notify('skillswap_content_changed', 'exchange_requests+' || coalesce(authors, ''));
  END IF;
  RETURN NULL;
END
$$;
