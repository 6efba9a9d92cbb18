-- Call forwarding (issue 36): a number forwards only with a target, the owner cannot change it themselves (the api
-- checks the target is their verified caller ID), one forwarded leg per incoming call, and a forwarded leg may run
-- beside the user's own browser call while a second browser call is still refused.
begin;
select plan(8);

insert into auth.users (id, email) values ('56565656-5656-4565-8565-565656565656', 'forwarding@example.test');
insert into public.virtual_numbers (id, user_id, phone_number, monthly_price, twilio_sid) values
  ('dddddddd-0000-4000-8000-000000000001', '56565656-5656-4565-8565-565656565656', '+15550000091', 1.15, 'PNdddddddd000040008000000000000001');

select is((select forwarding_mode from public.virtual_numbers where id = 'dddddddd-0000-4000-8000-000000000001'), 'off', 'a number does not forward until told to');
select throws_ok(
  $$ update public.virtual_numbers set forwarding_mode = 'always' where id = 'dddddddd-0000-4000-8000-000000000001' $$,
  '23514', null, 'forwarding needs a number to forward to'
);
select throws_ok(
  $$ update public.virtual_numbers set forwarding_mode = 'sometimes', forward_to = '+14155550142' where id = 'dddddddd-0000-4000-8000-000000000001' $$,
  '23514', null, 'only off, unanswered or always'
);

set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"56565656-5656-4565-8565-565656565656","role":"authenticated"}', true);
select throws_ok(
  $$ update public.virtual_numbers set forwarding_mode = 'always', forward_to = '+14155550142' $$,
  '42501', 'permission denied for table virtual_numbers', 'the owner cannot set it directly (the api checks the target)'
);
reset role;

insert into public.calls (id, user_id, destination_number, from_number, status, call_direction) values
  ('dddddddd-1111-4000-8000-000000000001', '56565656-5656-4565-8565-565656565656', '+15550000091', '+14155550123', 'ringing', 'inbound'),
  ('dddddddd-1111-4000-8000-000000000002', '56565656-5656-4565-8565-565656565656', '+447400123456', '+15550000091', 'in-progress', 'outbound');
select lives_ok(
  $$ insert into public.calls (user_id, destination_number, from_number, status, call_direction, forwarded_from)
     values ('56565656-5656-4565-8565-565656565656', '+14155550142', '+14155550123', 'ringing', 'outbound', 'dddddddd-1111-4000-8000-000000000001') $$,
  'a forwarded leg runs while the user is on a browser call'
);
select throws_ok(
  $$ insert into public.calls (user_id, destination_number, from_number, status, call_direction, forwarded_from)
     values ('56565656-5656-4565-8565-565656565656', '+14155550142', '+14155550123', 'queued', 'outbound', 'dddddddd-1111-4000-8000-000000000001') $$,
  '23505', null, 'one forwarded leg per incoming call'
);
select throws_ok(
  $$ insert into public.calls (user_id, destination_number, from_number, status, call_direction)
     values ('56565656-5656-4565-8565-565656565656', '+447400123457', '+15550000091', 'queued', 'outbound') $$,
  '23505', null, 'still one browser call at a time'
);
select has_index('public', 'calls', 'calls_one_forward_per_call_idx', 'forwarded legs are found by the call they forward');

select * from finish();
rollback;
