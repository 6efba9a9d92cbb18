-- The contacts list and search (issue: hardening): the index that reads a page in the list's order, the trigram
-- index of the search, and a page after a cursor as the api asks for it, in order, as the user.
begin;
select plan(4);

select has_index('public', 'contacts', 'contacts_user_list_order_idx', 'the list order is one index per user');
select has_index('public', 'contacts', 'contacts_search_trgm_idx', 'the search has a trigram index');

insert into auth.users (id, email) values ('11111111-1111-4111-8111-111111111111', 'a@example.test');
insert into public.contacts (id, user_id, display_name, primary_number, favorite) values
  ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', 'bob', '+15550000001', false),
  ('aaaaaaaa-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111', 'Alice', '+15550000002', false),
  ('aaaaaaaa-0000-4000-8000-000000000003', '11111111-1111-4111-8111-111111111111', 'Zed', '+15550000003', true),
  ('aaaaaaaa-0000-4000-8000-000000000004', '11111111-1111-4111-8111-111111111111', 'carol', '+15550000004', false);

set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}', true);

select results_eq(
  $$ select c.display_name from public.contacts c
     cross join (select favorite, lower(display_name) as folded, display_name, created_at, id from public.contacts where id = 'aaaaaaaa-0000-4000-8000-000000000003') a
     where c.deleted_at is null and (c.favorite < a.favorite or (c.favorite = a.favorite
       and (lower(c.display_name), c.display_name, c.created_at, c.id) > (a.folded, a.display_name, a.created_at, a.id)))
     order by c.favorite desc, lower(c.display_name), c.display_name, c.created_at, c.id $$,
  array['Alice', 'bob', 'carol'],
  'after the favorite, the others by name ignoring case'
);
select results_eq(
  $$ select display_name from public.contacts where deleted_at is null and lower(display_name) like lower('%LIC%') order by 1 $$,
  array['Alice'],
  'a search finds a substring in any case'
);

select * from finish();
rollback;
