-- public.calls.seen_at (issue 36): the incoming calls nobody took that the owner has not seen count, each only for
-- its owner under row-level security; the partial index holds just those; the owner cannot write it (the api does).
begin;
select plan(9);

insert into auth.users (id, email) values
  ('12121212-1212-4121-8121-121212121212', 'missed-a@example.test'),
  ('34343434-3434-4343-8343-343434343434', 'missed-b@example.test');
insert into public.calls (id, user_id, destination_number, from_number, status, call_direction) values
  ('cccccccc-0000-4000-8000-000000000001', '12121212-1212-4121-8121-121212121212', '+12125550101', '+14155550123', 'no-answer', 'inbound'),
  ('cccccccc-0000-4000-8000-000000000002', '12121212-1212-4121-8121-121212121212', '+12125550101', '+14155550124', 'busy', 'inbound'),
  ('cccccccc-0000-4000-8000-000000000003', '12121212-1212-4121-8121-121212121212', '+12125550101', '+14155550125', 'completed', 'inbound'),
  ('cccccccc-0000-4000-8000-000000000004', '12121212-1212-4121-8121-121212121212', '+447400123456', '+12125550101', 'no-answer', 'outbound'),
  ('cccccccc-0000-4000-8000-000000000005', '34343434-3434-4343-8343-343434343434', '+12125550102', '+14155550126', 'no-answer', 'inbound');

select col_type_is('public', 'calls', 'seen_at', 'timestamp with time zone', 'when the owner saw it');
select col_is_null('public', 'calls', 'seen_at', 'unseen until then');
select has_index('public', 'calls', 'calls_unseen_missed_idx', 'the unseen missed calls have their own small index');

-- the api's count (api/src/modules/calls/missed.ts), with no filter on the user: row-level security is the filter
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"12121212-1212-4121-8121-121212121212","role":"authenticated"}', true);
select is(
  (select count(*)::int from public.calls where call_direction = 'inbound' and seen_at is null and deleted_at is null and status in ('busy', 'no-answer', 'canceled', 'failed')),
  2, 'the owner counts their missed and declined incoming calls, not the answered or outgoing ones'
);
select throws_ok(
  $$ update public.calls set seen_at = now() $$,
  '42501', 'permission denied for table calls', 'the owner cannot mark them (the api does, for them only)'
);
select set_config('request.jwt.claims', '{"sub":"34343434-3434-4343-8343-343434343434","role":"authenticated"}', true);
select is(
  (select count(*)::int from public.calls where call_direction = 'inbound' and seen_at is null and status in ('busy', 'no-answer', 'canceled', 'failed')),
  1, 'another user counts only their own'
);
reset role;

update public.calls set seen_at = now() where user_id = '12121212-1212-4121-8121-121212121212' and seen_at is null;
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"12121212-1212-4121-8121-121212121212","role":"authenticated"}', true);
select is((select count(*)::int from public.calls where call_direction = 'inbound' and seen_at is null and status in ('busy', 'no-answer', 'canceled', 'failed')), 0, 'seen: none left');
select set_config('request.jwt.claims', '{"sub":"34343434-3434-4343-8343-343434343434","role":"authenticated"}', true);
select is((select count(*)::int from public.calls where seen_at is null and status = 'no-answer'), 1, 'the other user''s are still unseen');
reset role;
set local role anon;
select throws_ok($$ select count(*) from public.calls $$, '42501', 'permission denied for table calls', 'anon reads no calls at all');
reset role;

select * from finish();
rollback;
