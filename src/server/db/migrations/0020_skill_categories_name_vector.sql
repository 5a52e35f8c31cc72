-- Each category name's words as text search reads them, kept with the row: a search word that
-- may match the author's category (src/server/features/posts/post-text-filter.ts) was tested by
-- working out to_tsvector for all 112 names, once per word per statement, and a new post's
-- take-in into the kept searches does that for every kept search (7.5 ms a post on PGlite).
ALTER TABLE "skill_categories" ADD COLUMN "name_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, name)) STORED;
