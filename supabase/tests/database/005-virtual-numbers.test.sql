-- public.virtual_numbers: a user reads their own numbers; purchases and releases are privileged.
begin;
select plan(8);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'a@example.test'),
  ('22222222-2222-4222-8222-222222222222', 'b@example.test');
insert into public.virtual_numbers (id, user_id, phone_number, monthly_price, twilio_sid) values
  ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', '+15550000001', 1.15, 'PNaaaaaaaa000040008000000000000001'),
  ('bbbbbbbb-0000-4000-8000-000000000001', '22222222-2222-4222-8222-222222222222', '+15550000002', 1.15, 'PNbbbbbbbb000040008000000000000001');

select policies_are('public', 'virtual_numbers', array['Users can view their own virtual numbers']);

set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}', true);

select results_eq($$ select id from public.virtual_numbers $$, array['aaaaaaaa-0000-4000-8000-000000000001'::uuid], 'A sees only their own numbers');
select is_empty($$ select * from public.virtual_numbers where id = 'bbbbbbbb-0000-4000-8000-000000000001' $$, 'B''s number is invisible to A');
select throws_ok(
  $$ insert into public.virtual_numbers (user_id, phone_number) values ('11111111-1111-4111-8111-111111111111', '+15550000003') $$,
  '42501', 'permission denied for table virtual_numbers', 'A cannot buy a number directly'
);
select throws_ok($$ update public.virtual_numbers set status = 'released' $$, '42501', 'permission denied for table virtual_numbers', 'A cannot update numbers');
select throws_ok($$ delete from public.virtual_numbers $$, '42501', 'permission denied for table virtual_numbers', 'A cannot delete numbers');

set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select throws_ok($$ select * from public.virtual_numbers $$, '42501', 'permission denied for table virtual_numbers', 'anon cannot read numbers');

reset role;
select is((select count(*) from public.virtual_numbers where is_active)::int, 2, 'the numbers are unchanged');

select * from finish();
rollback;
