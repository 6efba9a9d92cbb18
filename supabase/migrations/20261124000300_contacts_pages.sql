-- Contacts page by page (issue: hardening): the list's order (favorites first, then by name ignoring case; created_at
-- and id make it total) as one index per user, so a page of 50, and the page after a cursor, is read in order and
-- stops after 51 rows instead of sorting the whole address book.
create index contacts_user_list_order_idx
  on public.contacts (user_id, favorite desc, lower(display_name), display_name, created_at, id)
  where deleted_at is null;
