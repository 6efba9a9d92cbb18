-- public.contacts: a user reads, creates, edits and soft deletes their own contacts; never another
-- user's; no hard delete; anon gets nothing.
begin;
select plan(20);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'a@example.test'),
  ('22222222-2222-4222-8222-222222222222', 'b@example.test');
insert into public.contacts (id, user_id, display_name, primary_number, deleted_at) values
  ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', 'Ann', '+15550000001', null),
  ('aaaaaaaa-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111', 'Old', '+15550000002', now() - interval '1 day'),
  ('bbbbbbbb-0000-4000-8000-000000000001', '22222222-2222-4222-8222-222222222222', 'Bob', '+15550000003', null);

select policies_are('public', 'contacts', array[
  'Users can view their own contacts',
  'Users can create their own contacts',
  'Users can update or soft delete their own contacts'
]);

set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}', true);

select results_eq($$ select id from public.contacts where deleted_at is null $$, array['aaaaaaaa-0000-4000-8000-000000000001'::uuid], 'A sees only their own live contacts (the api reads deleted_at is null)');
select is_empty($$ select * from public.contacts where id = 'bbbbbbbb-0000-4000-8000-000000000001' $$, 'B''s contact is invisible to A');
select is_empty($$ update public.contacts set display_name = 'pwned' where id = 'bbbbbbbb-0000-4000-8000-000000000001' returning id $$, 'A cannot edit B''s contact');
select is_empty($$ update public.contacts set deleted_at = now() where id = 'bbbbbbbb-0000-4000-8000-000000000001' returning id $$, 'A cannot soft delete B''s contact');
select throws_ok(
  $$ insert into public.contacts (user_id, display_name, primary_number) values ('22222222-2222-4222-8222-222222222222', 'Spam', '+15559999999') $$,
  '42501', 'new row violates row-level security policy for table "contacts"', 'A cannot create a contact for B'
);
select throws_ok(
  $$ update public.contacts set user_id = '22222222-2222-4222-8222-222222222222' where id = 'aaaaaaaa-0000-4000-8000-000000000001' $$,
  '42501', 'permission denied for table contacts', 'A cannot give a contact to B'
);
select throws_ok($$ delete from public.contacts where id = 'aaaaaaaa-0000-4000-8000-000000000001' $$, '42501', 'permission denied for table contacts', 'there is no hard delete');
select lives_ok($$ insert into public.contacts (display_name, primary_number) values ('Cat', '+15550000004') $$, 'A creates a contact (user_id defaults to A)');
select is((select user_id from public.contacts where primary_number = '+15550000004'), '11111111-1111-4111-8111-111111111111'::uuid, 'the new contact belongs to A');
select throws_ok($$ insert into public.contacts (display_name, primary_number) values ('Cat again', '+15550000004') $$, '23505', null, 'a number is unique per user');
select lives_ok($$ insert into public.contacts (display_name, primary_number) values ('Bob''s number', '+15550000003') $$, 'another user''s number is fine');
select lives_ok($$ update public.contacts set display_name = 'Annie', favorite = true where id = 'aaaaaaaa-0000-4000-8000-000000000001' $$, 'A edits their contact');
select is_empty(
  $$ update public.contacts set deleted_at = null where id = 'aaaaaaaa-0000-4000-8000-000000000002' returning id $$,
  'a deleted contact can no longer be changed (nor undeleted)'
);
select results_eq(
  $$ update public.contacts set deleted_at = now() where id = 'aaaaaaaa-0000-4000-8000-000000000001' returning id $$,
  array['aaaaaaaa-0000-4000-8000-000000000001'::uuid],
  'A soft deletes their contact'
);

set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select throws_ok($$ select * from public.contacts $$, '42501', 'permission denied for table contacts', 'anon cannot read contacts');
select throws_ok(
  $$ insert into public.contacts (user_id, display_name, primary_number) values ('11111111-1111-4111-8111-111111111111', 'x', '+1') $$,
  '42501', 'permission denied for table contacts', 'anon cannot create contacts'
);

reset role;
select results_eq(
  $$ select display_name, deleted_at is null from public.contacts where id = 'bbbbbbbb-0000-4000-8000-000000000001' $$,
  $$ values ('Bob'::text, true) $$,
  'B''s contact is unchanged'
);
select results_eq(
  $$ select display_name, favorite, deleted_at is not null from public.contacts where id = 'aaaaaaaa-0000-4000-8000-000000000001' $$,
  $$ values ('Annie'::text, true, true) $$,
  'A''s contact was edited, then soft deleted'
);
select is((select count(*) from public.contacts)::int, 5, 'nothing was hard deleted');

select * from finish();
rollback;
