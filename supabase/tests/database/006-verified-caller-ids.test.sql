-- public.verified_caller_ids: a user reads their own entries that are not deleted and may only soft
-- delete them; creation and verification are privileged.
begin;
select plan(14);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'a@example.test'),
  ('22222222-2222-4222-8222-222222222222', 'b@example.test');
insert into public.verified_caller_ids (id, user_id, phone_number, verification_status, deleted_at) values
  ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', '+15550000001', 'verified', null),
  ('aaaaaaaa-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111', '+15550000002', 'verified', now() - interval '1 day'),
  ('aaaaaaaa-0000-4000-8000-000000000003', '11111111-1111-4111-8111-111111111111', '+15550000003', 'pending', null),
  -- another number: a number is one account's verified caller ID at a time (019-number-one-identity)
  ('bbbbbbbb-0000-4000-8000-000000000001', '22222222-2222-4222-8222-222222222222', '+15550000004', 'verified', null);

select policies_are('public', 'verified_caller_ids', array[
  'Users can view their own verified caller ids',
  'Users can soft delete their own verified caller ids'
]);

set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}', true);

select results_eq(
  $$ select id from public.verified_caller_ids where deleted_at is null order by phone_number $$,
  array['aaaaaaaa-0000-4000-8000-000000000001'::uuid, 'aaaaaaaa-0000-4000-8000-000000000003'::uuid],
  'A sees only their own live caller ids (the api reads deleted_at is null)'
);
select is_empty($$ select * from public.verified_caller_ids where id = 'bbbbbbbb-0000-4000-8000-000000000001' $$, 'B''s caller id is invisible to A');
select is_empty($$ update public.verified_caller_ids set deleted_at = now() where id = 'bbbbbbbb-0000-4000-8000-000000000001' returning id $$, 'A cannot delete B''s caller id');
select throws_ok(
  $$ update public.verified_caller_ids set verification_status = 'verified' where id = 'aaaaaaaa-0000-4000-8000-000000000003' $$,
  '42501', 'permission denied for table verified_caller_ids', 'A cannot verify a caller id'
);
select throws_ok(
  $$ insert into public.verified_caller_ids (user_id, phone_number) values ('11111111-1111-4111-8111-111111111111', '+15550000009') $$,
  '42501', 'permission denied for table verified_caller_ids', 'A cannot add a caller id directly'
);
select throws_ok($$ delete from public.verified_caller_ids where id = 'aaaaaaaa-0000-4000-8000-000000000001' $$, '42501', 'permission denied for table verified_caller_ids', 'there is no hard delete');
select is_empty(
  $$ update public.verified_caller_ids set deleted_at = null where id = 'aaaaaaaa-0000-4000-8000-000000000002' returning id $$,
  'a deleted caller id can no longer be changed (nor undeleted)'
);
select results_eq(
  $$ update public.verified_caller_ids set deleted_at = now() where id = 'aaaaaaaa-0000-4000-8000-000000000001' returning id $$,
  array['aaaaaaaa-0000-4000-8000-000000000001'::uuid],
  'A soft deletes their caller id'
);

set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select throws_ok($$ select * from public.verified_caller_ids $$, '42501', 'permission denied for table verified_caller_ids', 'anon cannot read caller ids');
select throws_ok($$ update public.verified_caller_ids set deleted_at = now() $$, '42501', 'permission denied for table verified_caller_ids', 'anon cannot delete caller ids');

reset role;
select is((select deleted_at is null from public.verified_caller_ids where id = 'bbbbbbbb-0000-4000-8000-000000000001'), true, 'B''s caller id is not deleted');
select is((select deleted_at is not null from public.verified_caller_ids where id = 'aaaaaaaa-0000-4000-8000-000000000001'), true, 'A''s caller id is soft deleted');
select is((select verification_status from public.verified_caller_ids where id = 'aaaaaaaa-0000-4000-8000-000000000003'), 'pending', 'A''s pending caller id is still pending');

select * from finish();
rollback;
