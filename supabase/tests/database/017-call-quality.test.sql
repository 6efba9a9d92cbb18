-- public.calls' quality summary: a MOS from 0 to 5, at most 10 distinct warning names of 1-40 characters, read by
-- the call's owner and in the admin's call list, written by privileged code only.
begin;
select plan(16);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'a@example.test'),
  ('99999999-9999-4999-8999-999999999999', 'admin@example.test');
update public.users set role = 'admin' where id = '99999999-9999-4999-8999-999999999999';
insert into public.calls (id, user_id, destination_number, status, created_at) values
  ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', '+447400123456', 'completed', now()),
  ('aaaaaaaa-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111', '+447400123457', 'busy', now() - interval '1 hour');

select col_type_is('public', 'calls', 'quality_worst_mos', 'numeric(3,2)', 'the worst MOS is exact, 2 decimals');
select col_type_is('public', 'calls', 'quality_warnings', 'text[]', 'the warnings are a list of names');

select lives_ok(
  $$ update public.calls set quality_worst_mos = 3.1, quality_warnings = array['high-packet-loss', 'high-rtt'] where id = 'aaaaaaaa-0000-4000-8000-000000000001' $$,
  'privileged code keeps a summary'
);
select lives_ok(
  $$ update public.calls set quality_worst_mos = null, quality_warnings = '{}' where id = 'aaaaaaaa-0000-4000-8000-000000000001' $$,
  'no sample and no warning is a summary too'
);
select throws_ok($$ update public.calls set quality_worst_mos = 5.01 $$, '23514', null, 'a MOS above 5 is refused');
select throws_ok($$ update public.calls set quality_worst_mos = -0.01 $$, '23514', null, 'a MOS below 0 is refused');
select throws_ok(
  $$ update public.calls set quality_warnings = array(select 'warning-' || i from generate_series(1, 11) i) $$,
  '23514', null, 'more than 10 warnings are refused'
);
select lives_ok(
  $$ update public.calls set quality_warnings = array(select 'warning-' || i from generate_series(1, 10) i) $$,
  '10 are kept'
);
select throws_ok($$ update public.calls set quality_warnings = array['high-rtt', 'high-rtt'] $$, '23514', null, 'a warning named twice is refused');
select throws_ok($$ update public.calls set quality_warnings = array[repeat('x', 41)] $$, '23514', null, 'a name over 40 characters is refused');
select throws_ok($$ update public.calls set quality_warnings = array['', 'low-mos'] $$, '23514', null, 'an empty name is refused');
select throws_ok($$ update public.calls set quality_warnings = array[null, 'low-mos'] $$, '23514', null, 'a missing name is refused');

set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}', true);
select is((select cardinality(quality_warnings) from public.calls where id = 'aaaaaaaa-0000-4000-8000-000000000001'), 10, 'the owner reads the summary');
select throws_ok(
  $$ update public.calls set quality_worst_mos = 4.5 where id = 'aaaaaaaa-0000-4000-8000-000000000001' $$,
  '42501', 'permission denied for table calls', 'the owner cannot write it (the api does, for them)'
);
reset role;

update public.calls set quality_worst_mos = 3.1, quality_warnings = array['high-packet-loss'] where id = 'aaaaaaaa-0000-4000-8000-000000000001';
update public.calls set quality_worst_mos = null, quality_warnings = null where id = 'aaaaaaaa-0000-4000-8000-000000000002';
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"99999999-9999-4999-8999-999999999999","role":"authenticated"}', true);
select is(
  public.admin_calls('11111111-1111-4111-8111-111111111111', null, null, null, null, 50, 0) -> 'calls' -> 0 -> 'quality',
  '{"worstMos": 3.10, "warnings": ["high-packet-loss"]}'::jsonb,
  'the admin''s call list shows the quality'
);
select is(
  public.admin_calls('11111111-1111-4111-8111-111111111111', null, null, null, null, 50, 0) -> 'calls' -> 1 -> 'quality',
  'null'::jsonb,
  'and null for a call whose device sent none'
);
reset role;

select * from finish();
rollback;
