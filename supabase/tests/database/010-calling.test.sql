-- Calling: one outbound call at a time per user, money held by a call cannot be spent elsewhere, a call is
-- settled once (its hold released, one call_charge entry, never more than it held), and users run none of it.
begin;
select plan(12);

insert into auth.users (id, email) values ('11111111-1111-4111-8111-111111111111', 'a@example.test');
select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'credit_purchase', 5.00, 'Top-up', null, 'pi_a1');

-- a call holding $4.00 of the $5.00
insert into public.calls (id, user_id, destination_number, status, call_direction, rate, connection_fee, initial_increment, increment, max_duration_seconds, hold_amount)
values ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', '+447400123456', 'queued', 'outbound', 0.040000, 0, 60, 60, 6000, 4.00);
update public.users set held = 4.00 where id = '11111111-1111-4111-8111-111111111111';

select throws_ok(
  $$ insert into public.calls (user_id, destination_number, status, call_direction) values ('11111111-1111-4111-8111-111111111111', '+447400123457', 'queued', 'outbound') $$,
  '23505', null, 'a second outbound call while one is active is refused by the database'
);
select lives_ok(
  $$ insert into public.calls (user_id, destination_number, status, call_direction) values ('11111111-1111-4111-8111-111111111111', '+447400123458', 'ringing', 'inbound') $$,
  'an incoming call may ring meanwhile'
);
select throws_ok(
  $$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'number_renewal', -1.15, 'Renewal') $$,
  '23514', null, 'a charge cannot use the money the call holds'
);
select lives_ok(
  $$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'number_renewal', -1.00, 'Renewal') $$,
  'what is not held can be charged'
);
select throws_ok(
  $$ select private.settle_call('aaaaaaaa-0000-4000-8000-000000000001', 'completed', 100, 120, 4.01, null) $$,
  '23514', null, 'a call cannot be charged more than it held'
);
select throws_ok(
  $$ select private.settle_call('aaaaaaaa-0000-4000-8000-000000000001', 'ringing', 0, 0, 0, null) $$,
  '22023', null, 'only a final status settles'
);
select lives_ok($$ select private.settle_call('aaaaaaaa-0000-4000-8000-000000000001', 'completed', 61, 120, 0.08, 'hangup') $$, 'the call is settled');
select is((select balance::text || ' ' || held::text from public.users where email = 'a@example.test'), '3.92 0.00', 'its cost is charged and its hold released');
select lives_ok($$ select private.settle_call('aaaaaaaa-0000-4000-8000-000000000001', 'failed', 0, 0, 0.00, null) $$, 'settling again changes nothing');
select is(
  (select status || ' ' || cost::text || ' ' || (select count(*) from public.transactions where call_id = 'aaaaaaaa-0000-4000-8000-000000000001')::text
   from public.calls where id = 'aaaaaaaa-0000-4000-8000-000000000001'),
  'completed 0.08 1', 'one call_charge entry, the first final status kept'
);

set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}', true);
select throws_ok($$ select private.settle_call('aaaaaaaa-0000-4000-8000-000000000001', 'completed', 1, 60, 0.00, null) $$, '42501', null, 'a user cannot settle a call');
select throws_ok($$ update public.calls set cost = 0 $$, '42501', null, 'a user cannot change a call');

select * from finish();
rollback;
