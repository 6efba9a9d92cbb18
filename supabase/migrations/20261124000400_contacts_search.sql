-- Contacts search (issue: hardening): a substring of the name, the e-mail or the number's digits, served by a
-- trigram index (pg_trgm) rather than reading every contact of the user. The index leads with user_id
-- (btree_gin), so one scan finds one user's matches: row-level security's `user_id = auth.uid()` and the
-- LIKE '%term%' (three characters or more) meet in the index. Hosted Supabase offers both extensions; PGlite
-- loads them (api/src/db/pglite.ts).
create extension if not exists pg_trgm;
create extension if not exists btree_gin;

create index contacts_search_trgm_idx on public.contacts using gin (
  user_id,
  lower(display_name) gin_trgm_ops,
  lower(coalesce(email, '')) gin_trgm_ops,
  primary_number gin_trgm_ops
) where deleted_at is null;
