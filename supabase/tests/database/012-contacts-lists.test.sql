-- The contacts list and search (issues: hardening, #24): the index that reads a page in the list's order and carries
-- the search's folded columns, the trigram index a search picks its matches with through public.contact_search_page
-- (which narrows to the caller's own contacts itself; the api reads each page through it), and the list's order after
-- a cursor under RLS alone, as the user.
begin;
select plan(14);

select has_index('public', 'contacts', 'contacts_user_list_search_idx', 'the list order and the search are one index per user');
select has_index('public', 'contacts', 'contacts_search_text_trgm_idx', 'a trigram index per user for the search function');
select ok(not has_function_privilege('anon', 'public.contact_search_page(text, text, uuid, integer)', 'execute'), 'anon may not call the search');

insert into auth.users (id, email) values ('11111111-1111-4111-8111-111111111111', 'a@example.test');
insert into public.contacts (id, user_id, display_name, primary_number, favorite) values
  ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', 'bob', '+15550000001', false),
  ('aaaaaaaa-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111', 'Alice', '+15550000002', false),
  ('aaaaaaaa-0000-4000-8000-000000000003', '11111111-1111-4111-8111-111111111111', 'Zed', '+15550000003', true),
  ('aaaaaaaa-0000-4000-8000-000000000004', '11111111-1111-4111-8111-111111111111', 'carol', '+15550000004', false);
-- another user's contacts, one of them named like the first user's, and a deleted one of the first user's
insert into auth.users (id, email) values ('22222222-2222-4222-8222-222222222222', 'b@example.test');
insert into public.contacts (id, user_id, display_name, primary_number, favorite) values
  ('bbbbbbbb-0000-4000-8000-000000000001', '22222222-2222-4222-8222-222222222222', 'Alice B', '+15550000009', true);
insert into public.contacts (id, user_id, display_name, primary_number, deleted_at) values
  ('aaaaaaaa-0000-4000-8000-000000000005', '11111111-1111-4111-8111-111111111111', 'Alina', '+15550000005', now());

set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}', true);

select results_eq(
  $$ select c.display_name from public.contacts c
     cross join (select favorite, search_name, display_name, created_at, id from public.contacts where id = 'aaaaaaaa-0000-4000-8000-000000000003') a
     where c.deleted_at is null and (c.favorite < a.favorite or (c.favorite = a.favorite
       and (c.search_name, c.display_name, c.created_at, c.id) > (a.search_name, a.display_name, a.created_at, a.id)))
     order by c.favorite desc, c.search_name, c.display_name, c.created_at, c.id $$,
  array['Alice', 'bob', 'carol'],
  'after the favorite, the others by name ignoring case'
);
select results_eq(
  $$ select display_name from public.contacts where deleted_at is null and search_name like lower('%LIC%') order by 1 $$,
  array['Alice'],
  'a search finds a substring in any case'
);
select results_eq(
  $$ select search_name || ' ' || replace(search_text, E'\x01', '|') from public.contacts where id = 'aaaaaaaa-0000-4000-8000-000000000002' $$,
  array['alice alice||+15550000002'],
  'the folded columns follow the name, e-mail (none: empty) and number'
);
select results_eq(
  $$ select p::text from public.contact_search_page(null, null, null, 10) p $$,
  array['aaaaaaaa-0000-4000-8000-000000000003', 'aaaaaaaa-0000-4000-8000-000000000002', 'aaaaaaaa-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000004'],
  'the search function, blank: the caller''s live contacts in the list''s order, no one else''s'
);
select results_eq(
  $$ select p::text from public.contact_search_page('%ali%', null, null, 10) p $$,
  array['aaaaaaaa-0000-4000-8000-000000000002'],
  'a name: only the caller''s live match, not another user''s nor a deleted one'
);
select results_eq(
  $$ select p::text from public.contact_search_page('%zzz%', '%0000004%', null, 10) p $$,
  array['aaaaaaaa-0000-4000-8000-000000000004'],
  'digits find the number'
);
select is_empty(
  $$ select * from public.contact_search_page('%alice+1555%', '%15550000002alice%', null, 10) $$,
  'a term never matches across the name, the e-mail and the number'
);
select results_eq(
  $$ select p::text from public.contact_search_page(null, null, 'aaaaaaaa-0000-4000-8000-000000000002', 2) p $$,
  array['aaaaaaaa-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000004'],
  'after a cursor, at most the limit'
);
select is_empty(
  $$ select * from public.contact_search_page(null, null, 'bbbbbbbb-0000-4000-8000-000000000001', 10) $$,
  'another user''s contact as the cursor: nothing'
);
select set_config('request.jwt.claims', '{"role":"authenticated"}', true);
select is_empty($$ select * from public.contact_search_page(null, null, null, 10) $$, 'claims without a user: nothing');
reset role;
update public.contacts set display_name = 'ALICIA', email = 'Alicia@Example.TEST' where id = 'aaaaaaaa-0000-4000-8000-000000000002';
select results_eq(
  $$ select search_name || ' ' || replace(search_text, E'\x01', '|') from public.contacts where id = 'aaaaaaaa-0000-4000-8000-000000000002' $$,
  array['alicia alicia|alicia@example.test|+15550000002'],
  'and change with them'
);

select * from finish();
rollback;
