-- Extensions and helper functions the schema depends on. Written by hand: it must run
-- before the generated schema migration.
-- pg_trgm: trigram (gin_trgm_ops) indexes for near-word search and matching.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- array_to_string is only STABLE (its anyarray output depends on element types), so it
-- cannot appear in a generated column. For text[] it is deterministic, which makes
-- this IMMUTABLE wrapper honest. Used by the posts and profiles search_vector columns.
CREATE OR REPLACE FUNCTION immutable_array_to_text(tags text[])
RETURNS text
LANGUAGE sql
IMMUTABLE
PARALLEL SAFE
AS $$ SELECT coalesce(array_to_string(tags, ' '), '') $$;
--> statement-breakpoint
-- Longest element of a text array (0 for empty or NULL): lets CHECK constraints bound
-- each keyword's length, since a CHECK cannot hold a subquery.
CREATE OR REPLACE FUNCTION text_array_max_length(items text[])
RETURNS integer
LANGUAGE sql
IMMUTABLE
PARALLEL SAFE
AS $$ SELECT coalesce(max(char_length(item)), 0) FROM unnest(items) AS item $$;
