-- Billing: the entry types and their signs, failed payments, the jobs a posting creates (auto-recharge when a
-- charge crosses the trigger, never two in flight: a balance already below it is 018's; the low-balance alert
-- once per crossing, a receipt per payment), the ledger check, and who may read or write the billing tables.
begin;
select plan(33);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'a@example.test'),
  ('22222222-2222-4222-8222-222222222222', 'b@example.test');
insert into public.calls (id, user_id, destination_number, status) values
  ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', '+15550000001', 'completed'),
  ('aaaaaaaa-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111', '+15550000002', 'completed'),
  ('aaaaaaaa-0000-4000-8000-000000000003', '11111111-1111-4111-8111-111111111111', '+15550000003', 'completed');

-- signs and ranges
select throws_ok($$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'credit_purchase', 4.99, 'Top-up', null, 'pi_low') $$,
  '23514', null, 'a top-up under $5 is refused by the database');
select throws_ok($$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'credit_purchase', 500.01, 'Top-up', null, 'pi_high') $$,
  '23514', null, 'a top-up over $500 is refused by the database');
select throws_ok($$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'refund', -1.00, 'Refund') $$,
  '23514', null, 'a refund gives money back: never negative');
select throws_ok($$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'number_renewal', 1.00, 'Renewal') $$,
  '23514', null, 'a renewal is a charge: never positive');
select throws_ok($$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'adjustment', 0.00, 'Nothing') $$,
  '23514', null, 'an adjustment of nothing is refused');
select throws_ok($$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'bonus', 1.00, 'Free') $$,
  '23514', null, 'an unknown entry type is refused');

-- A tops up $20 and turns auto-recharge on: trigger $10, amount $25; alert threshold $5 (the default)
select lives_ok($$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'credit_purchase', 20.00, 'Top-up', null, 'pi_a1') $$, 'A tops up $20');
select is((select count(*)::int from private.billing_jobs where user_id = '11111111-1111-4111-8111-111111111111' and kind = 'payment_receipt'), 1, 'a receipt job for the payment');
update public.users set auto_recharge_enabled = true, auto_recharge_trigger = 10.00, auto_recharge_amount = 25.00
  where id = '11111111-1111-4111-8111-111111111111';

select lives_ok($$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'call_charge', -5.00, 'Call', 'aaaaaaaa-0000-4000-8000-000000000001') $$, '20 → 15: above the trigger');
select is((select count(*)::int from private.billing_jobs where kind = 'auto_recharge'), 0, 'no recharge above the trigger');
select lives_ok($$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'call_charge', -6.00, 'Call', 'aaaaaaaa-0000-4000-8000-000000000002') $$, '15 → 9: crosses the trigger');
select results_eq(
  $$ select kind, status, payload ->> 'amount' from private.billing_jobs where kind = 'auto_recharge' $$,
  $$ values ('auto_recharge'::text, 'pending'::text, '25.00'::text) $$,
  'one auto-recharge job for the crossing, for the chosen amount'
);
select lives_ok($$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'call_charge', -1.00, 'Call', 'aaaaaaaa-0000-4000-8000-000000000003') $$, '9 → 8: still below, no new crossing');
select is((select count(*)::int from private.billing_jobs where kind = 'auto_recharge'), 1, 'no second job below the trigger');

-- a crossing while one recharge is in flight makes no second job
update private.billing_jobs set status = 'awaiting_payment' where kind = 'auto_recharge';
select lives_ok($$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'adjustment', 10.00, 'Back up') $$, '8 → 18');
select lives_ok($$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'adjustment', -9.00, 'Down again') $$, '18 → 9: another crossing');
select is((select count(*)::int from private.billing_jobs where kind = 'auto_recharge'), 1, 'never two auto-recharges in flight for a user');
select throws_ok(
  $$ insert into private.billing_jobs (user_id, kind) values ('11111111-1111-4111-8111-111111111111', 'auto_recharge') $$,
  '23505', null, 'the database refuses a second one'
);

-- low-balance alert: threshold $5
select lives_ok($$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'adjustment', -5.00, 'Down') $$, '9 → 4: below the threshold');
select is((select count(*)::int from private.billing_jobs where kind = 'low_balance_alert'), 1, 'one alert for the crossing');
select lives_ok($$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'adjustment', -1.00, 'Down') $$, '4 → 3');
select is((select count(*)::int from private.billing_jobs where kind = 'low_balance_alert'), 1, 'no second alert while below');
select lives_ok($$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'adjustment', 7.00, 'Up') $$, '3 → 10: re-armed');
select lives_ok($$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'adjustment', -6.00, 'Down') $$, '10 → 4: a new crossing');
select is((select count(*)::int from private.billing_jobs where kind = 'low_balance_alert'), 2, 'a new alert for the new crossing');

-- a failed payment moves no money, and completes if its PaymentIntent succeeds after all
select is((private.record_failed_payment('11111111-1111-4111-8111-111111111111', 'auto_recharge', 25.00, 'Auto-recharge declined', 'pi_fail')).status, 'failed', 'a failed payment is recorded as failed');
select is((select balance from public.users where id = '11111111-1111-4111-8111-111111111111'), 4.00::numeric(10, 2), 'and moves no money');
select is((private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'auto_recharge', 25.00, 'Auto-recharge', null, 'pi_fail')).status, 'completed', 'its later success completes the same entry');
select is((select balance from public.users where id = '11111111-1111-4111-8111-111111111111'), 29.00::numeric(10, 2), 'and credits it once');

select is_empty($$ select * from private.ledger_differences() $$, 'every balance is the sum of its completed entries');

-- who reads what
insert into public.checkout_sessions (id, user_id, amount) values
  ('cs_test_a', '11111111-1111-4111-8111-111111111111', 25.00),
  ('cs_test_b', '22222222-2222-4222-8222-222222222222', 10.00);
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}', true);
select results_eq($$ select id from public.checkout_sessions $$, $$ values ('cs_test_a'::text) $$, 'a user sees only their own checkout sessions');
select throws_ok($$ update public.checkout_sessions set amount = 500 $$, '42501', null, 'and cannot change them');
select throws_ok($$ update public.users set low_balance_alert_armed = false $$, '42501', null, 'nor re-arm their own alerts');

select * from finish();
rollback;
