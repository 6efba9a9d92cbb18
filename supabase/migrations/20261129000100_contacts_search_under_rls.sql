-- Contacts search under row-level security (issue #24). The trigram index of 20261124000400 is never used for a
-- user's search: LIKE is not leakproof, so PostgreSQL may not evaluate it inside an index scan ahead of the RLS
-- policy's `user_id = auth.uid()`; a search read the user's rows through (user_id, display_name) and computed
-- lower(name) and lower(e-mail) on every one of them (5,000 contacts: 1.5-8 ms, most of it lower()).
--
-- What works under RLS: the policy's `user_id = auth.uid()` (uuid equality is leakproof) as the index condition of an
-- index that carries everything the search filters on, already folded to lower case, in the list's order. A search
-- is then an index-only scan of the user's entries in list order that stops at the page's 51st match, with the
-- LIKE filters evaluated on the index entries; only the page's rows are read from the table.
-- The folded values are stored generated columns, so no query computes lower() per row.
alter table public.contacts
  add column search_name text generated always as (lower(display_name)) stored,
  add column search_email text generated always as (lower(coalesce(email, ''))) stored;
comment on column public.contacts.search_name is 'lower(display_name): the list''s order and the search (generated).';
comment on column public.contacts.search_email is 'lower(coalesce(email, '''')): the search (generated).';

-- the list's order (favorites first, then by name ignoring case; created_at and id make it total), and the search's
-- columns as payload; replaces contacts_user_list_order_idx, whose lower(display_name) an index-only scan cannot use
create index contacts_user_list_search_idx
  on public.contacts (user_id, favorite desc, search_name, display_name, created_at, id)
  include (search_email, primary_number)
  where deleted_at is null;
drop index public.contacts_user_list_order_idx;
-- unused under RLS (above), and costly to keep up to date on every write
drop index public.contacts_search_trgm_idx;
