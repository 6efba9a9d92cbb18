-- public.calls: a user reads their own calls that are not deleted; only privileged code writes.
begin;
select plan(9);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'a@example.test'),
  ('22222222-2222-4222-8222-222222222222', 'b@example.test');
insert into public.calls (id, user_id, destination_number, status, deleted_at) values
  ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', '+15550000001', 'completed', null),
  ('aaaaaaaa-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111', '+15550000002', 'failed', now() - interval '1 day'),
  ('bbbbbbbb-0000-4000-8000-000000000001', '22222222-2222-4222-8222-222222222222', '+15550000003', 'completed', null);

select policies_are('public', 'calls', array['Users can view their own calls']);

set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}', true);

select results_eq($$ select id from public.calls $$, array['aaaaaaaa-0000-4000-8000-000000000001'::uuid], 'A sees only their own calls that are not deleted');
select is_empty($$ select * from public.calls where id = 'bbbbbbbb-0000-4000-8000-000000000001' $$, 'B''s call is invisible to A');
select throws_ok(
  $$ insert into public.calls (user_id, destination_number, status) values ('11111111-1111-4111-8111-111111111111', '+1555', 'queued') $$,
  '42501', 'permission denied for table calls', 'A cannot insert calls'
);
select throws_ok($$ update public.calls set cost = 0 where id = 'aaaaaaaa-0000-4000-8000-000000000001' $$, '42501', 'permission denied for table calls', 'A cannot update their calls');
select throws_ok($$ delete from public.calls where id = 'aaaaaaaa-0000-4000-8000-000000000001' $$, '42501', 'permission denied for table calls', 'A cannot delete their calls');
select throws_ok($$ update public.calls set deleted_at = now() where id = 'bbbbbbbb-0000-4000-8000-000000000001' $$, '42501', 'permission denied for table calls', 'A cannot delete B''s call');

set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select throws_ok($$ select * from public.calls $$, '42501', 'permission denied for table calls', 'anon cannot read calls');

reset role;
select is((select count(*) from public.calls where deleted_at is null)::int, 2, 'no call was changed');

select * from finish();
rollback;
