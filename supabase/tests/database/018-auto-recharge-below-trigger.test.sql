-- Auto-recharge below the trigger (20261202000200): switched on while below, it starts one at once; a charge that
-- leaves the balance below the trigger starts one unless one is in flight, a failure holds them (an hour, or until
-- the user changes a setting or pays by card), or one was credited within the hour (a crossing recharges anyway);
-- a recharge not tried yet follows the settings. Inside one transaction now() stands still: "an hour later" is
-- written into the rows.
begin;
select plan(29);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'a@example.test'),
  ('22222222-2222-4222-8222-222222222222', 'b@example.test'),
  ('33333333-3333-4333-8333-333333333333', 'c@example.test'),
  ('44444444-4444-4444-8444-444444444444', 'd@example.test');

create function pg_temp.recharges(p_user uuid, p_statuses text[] default array['pending', 'running', 'awaiting_payment'])
returns integer language sql as $$
  select count(*)::int from private.billing_jobs where user_id = p_user and kind = 'auto_recharge' and status = any (p_statuses)
$$;
create function pg_temp.charge(p_user uuid, p_amount numeric) returns void language sql as $$
  select private.post_ledger_entry(p_user, 'adjustment', -p_amount, 'Call');
$$;
-- the worker's declined attempt: a failed entry, the job closed (webhook.ts failAutoRecharge)
create function pg_temp.decline(p_user uuid, p_pi text) returns void language sql as $$
  select private.record_failed_payment(p_user, 'auto_recharge', 25.00, 'Auto-recharge failed: Your card was declined.', p_pi);
  update private.billing_jobs set status = 'failed' where user_id = p_user and kind = 'auto_recharge' and status in ('pending', 'running', 'awaiting_payment');
$$;

-- A has $8.75 and auto-recharge off --------------------------------------------------------------------------
do $$ begin perform private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'adjustment', 8.75, 'Opening balance'); end $$;
update public.users set auto_recharge_trigger = 10.00, auto_recharge_amount = 50.00 where id = '11111111-1111-4111-8111-111111111111';
select is(pg_temp.recharges('11111111-1111-4111-8111-111111111111', array['pending', 'running', 'awaiting_payment', 'done', 'failed']), 0,
  'settings changed while auto-recharge is off start nothing');
select pg_temp.charge('11111111-1111-4111-8111-111111111111', 0.04);
select is(pg_temp.recharges('11111111-1111-4111-8111-111111111111'), 0, 'nor does a charge while it is off');

update public.users set auto_recharge_enabled = true where id = '11111111-1111-4111-8111-111111111111';
select results_eq(
  $$ select status, payload ->> 'amount', payload ->> 'trigger', run_after = now() + interval '15 seconds'
     from private.billing_jobs where user_id = '11111111-1111-4111-8111-111111111111' and kind = 'auto_recharge' $$,
  $$ values ('pending'::text, '50.00'::text, '10.00'::text, true) $$,
  'switched on below the trigger ($8.71 < $10): one recharge of the chosen amount at once, due 15 s after the change'
);
update public.users set auto_recharge_amount = 100.00 where id = '11111111-1111-4111-8111-111111111111';
select results_eq(
  $$ select payload ->> 'amount' from private.billing_jobs where user_id = '11111111-1111-4111-8111-111111111111' and kind = 'auto_recharge' $$,
  $$ values ('100.00'::text) $$,
  'the amount changed before it is tried: the same recharge, of the new amount'
);
select pg_temp.charge('11111111-1111-4111-8111-111111111111', 0.04);
select pg_temp.charge('11111111-1111-4111-8111-111111111111', 0.04);
select is(pg_temp.recharges('11111111-1111-4111-8111-111111111111'), 1, 'charges below the trigger while one is pending start no second');

update public.users set auto_recharge_trigger = 5.00 where id = '11111111-1111-4111-8111-111111111111';
select is(pg_temp.recharges('11111111-1111-4111-8111-111111111111'), 0, 'the trigger lowered under the balance: the recharge not tried yet is dropped');
update public.users set auto_recharge_trigger = 10.00 where id = '11111111-1111-4111-8111-111111111111';
select is(pg_temp.recharges('11111111-1111-4111-8111-111111111111'), 1, 'raised over it again: one at once');
update public.users set auto_recharge_enabled = false where id = '11111111-1111-4111-8111-111111111111';
select is(pg_temp.recharges('11111111-1111-4111-8111-111111111111'), 0, 'switched off before it is tried: dropped');
update public.users set auto_recharge_enabled = true where id = '11111111-1111-4111-8111-111111111111';

-- claimed by the worker: it is the PaymentIntent's now
update private.billing_jobs set status = 'running', attempts = 1 where user_id = '11111111-1111-4111-8111-111111111111' and kind = 'auto_recharge';
update public.users set auto_recharge_amount = 25.00 where id = '11111111-1111-4111-8111-111111111111';
select results_eq(
  $$ select status, payload ->> 'amount' from private.billing_jobs where user_id = '11111111-1111-4111-8111-111111111111' and kind = 'auto_recharge' $$,
  $$ values ('running'::text, '100.00'::text) $$,
  'one already tried keeps its amount (its PaymentIntent''s idempotency key), and no second one starts'
);
update public.users set auto_recharge_enabled = false where id = '11111111-1111-4111-8111-111111111111';
update public.users set auto_recharge_enabled = true where id = '11111111-1111-4111-8111-111111111111';
select is(pg_temp.recharges('11111111-1111-4111-8111-111111111111'), 1, 'nor is it dropped by switching off and on');

-- a failure holds the automatic attempts
select pg_temp.decline('11111111-1111-4111-8111-111111111111', 'pi_a_declined_1');
select is((select auto_recharge_retry_after from public.users where id = '11111111-1111-4111-8111-111111111111'), now() + interval '1 hour',
  'a failed auto-recharge holds the next ones for an hour');
select pg_temp.charge('11111111-1111-4111-8111-111111111111', 0.04);
select is(pg_temp.recharges('11111111-1111-4111-8111-111111111111'), 0, 'a charge below the trigger within the hour starts none');
do $$ begin perform private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'adjustment', 20.00, 'Correction'); end $$;
select pg_temp.charge('11111111-1111-4111-8111-111111111111', 20.00);
select is(pg_temp.recharges('11111111-1111-4111-8111-111111111111'), 0, 'nor does a crossing of the trigger');
select pg_temp.decline('11111111-1111-4111-8111-111111111111', 'pi_a_declined_1');
select is((select count(*)::int from public.transactions where user_id = '11111111-1111-4111-8111-111111111111' and status = 'failed'), 1,
  'the same failure reported again is one failed entry');

update public.users set auto_recharge_retry_after = now() - interval '1 second' where id = '11111111-1111-4111-8111-111111111111';
select pg_temp.charge('11111111-1111-4111-8111-111111111111', 0.04);
select is(pg_temp.recharges('11111111-1111-4111-8111-111111111111'), 1, 'an hour later, the next charge below the trigger tries again');

select pg_temp.decline('11111111-1111-4111-8111-111111111111', 'pi_a_declined_2');
update public.users set auto_recharge_amount = 50.00 where id = '11111111-1111-4111-8111-111111111111';
select results_eq(
  $$ select u.auto_recharge_retry_after is null, (select count(*)::int from private.billing_jobs j
       where j.user_id = u.id and j.kind = 'auto_recharge' and j.status = 'pending' and j.payload ->> 'amount' = '50.00')
     from public.users u where u.id = '11111111-1111-4111-8111-111111111111' $$,
  $$ values (true, 1) $$,
  'failed again, then a setting changed: the user has answered, the hold ends and a recharge starts at once'
);

select pg_temp.decline('11111111-1111-4111-8111-111111111111', 'pi_a_declined_3');
do $$ begin perform private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'credit_purchase', 5.00, 'Account top-up', null, 'pi_a_topup'); end $$;
select is((select auto_recharge_retry_after from public.users where id = '11111111-1111-4111-8111-111111111111'), null,
  'failed again, then a top-up paid by card (the card saved for off-session charges): the hold ends');
select is(pg_temp.recharges('11111111-1111-4111-8111-111111111111'), 0, 'a credit starts no recharge ($13.55, over the trigger)');
select pg_temp.charge('11111111-1111-4111-8111-111111111111', 4.00);
select is(pg_temp.recharges('11111111-1111-4111-8111-111111111111'), 1, 'and the next charge that leaves the balance below the trigger recharges');

-- B: $20, trigger $50, amount $10: one recharge does not lift the balance over the trigger -------------------
do $$ begin perform private.post_ledger_entry('22222222-2222-4222-8222-222222222222', 'adjustment', 20.00, 'Opening balance'); end $$;
update public.users set auto_recharge_trigger = 50.00, auto_recharge_amount = 10.00 where id = '22222222-2222-4222-8222-222222222222';
update public.users set auto_recharge_enabled = true where id = '22222222-2222-4222-8222-222222222222';
update private.billing_jobs set status = 'awaiting_payment', attempts = 1 where user_id = '22222222-2222-4222-8222-222222222222' and kind = 'auto_recharge';
do $$ begin perform private.post_ledger_entry('22222222-2222-4222-8222-222222222222', 'auto_recharge', 10.00, 'Auto-recharge', null, 'pi_b_1'); end $$;
update private.billing_jobs set status = 'done' where user_id = '22222222-2222-4222-8222-222222222222' and kind = 'auto_recharge';
select pg_temp.charge('22222222-2222-4222-8222-222222222222', 1.00);
select is(pg_temp.recharges('22222222-2222-4222-8222-222222222222'), 0, 'credited less than an hour ago and still below the trigger: no second recharge');
update public.transactions set created_at = now() - interval '61 minutes' where stripe_payment_intent_id = 'pi_b_1';
select pg_temp.charge('22222222-2222-4222-8222-222222222222', 1.00);
select results_eq(
  $$ select payload ->> 'amount' from private.billing_jobs where user_id = '22222222-2222-4222-8222-222222222222' and kind = 'auto_recharge' and status = 'pending' $$,
  $$ values ('10.00'::text) $$,
  'an hour after it, the next charge below the trigger recharges again'
);

-- C: $20, trigger $10, amount $25: a crossing recharges again at once -----------------------------------------
do $$ begin perform private.post_ledger_entry('33333333-3333-4333-8333-333333333333', 'adjustment', 20.00, 'Opening balance'); end $$;
update public.users set auto_recharge_trigger = 10.00, auto_recharge_amount = 25.00, auto_recharge_enabled = true where id = '33333333-3333-4333-8333-333333333333';
select is(pg_temp.recharges('33333333-3333-4333-8333-333333333333', array['pending', 'running', 'awaiting_payment', 'done', 'failed']), 0,
  'switched on above the trigger: nothing yet');
select pg_temp.charge('33333333-3333-4333-8333-333333333333', 5.00);
select is(pg_temp.recharges('33333333-3333-4333-8333-333333333333'), 0, 'a charge that leaves the balance at or above the trigger starts none');
select pg_temp.charge('33333333-3333-4333-8333-333333333333', 6.00);
select is(pg_temp.recharges('33333333-3333-4333-8333-333333333333'), 1, '15 → 9: the crossing starts one');
update private.billing_jobs set status = 'awaiting_payment', attempts = 1 where user_id = '33333333-3333-4333-8333-333333333333' and kind = 'auto_recharge';
do $$ begin perform private.post_ledger_entry('33333333-3333-4333-8333-333333333333', 'auto_recharge', 25.00, 'Auto-recharge', null, 'pi_c_1'); end $$;
update private.billing_jobs set status = 'done' where user_id = '33333333-3333-4333-8333-333333333333' and kind = 'auto_recharge';
select pg_temp.charge('33333333-3333-4333-8333-333333333333', 25.00);
select is(pg_temp.recharges('33333333-3333-4333-8333-333333333333'), 1, '34 → 9 minutes after the last one: a new crossing recharges again at once');

-- D switches it on themself, through row-level security, with no access to private ---------------------------
do $$ begin perform private.post_ledger_entry('44444444-4444-4444-8444-444444444444', 'adjustment', 3.00, 'Opening balance'); end $$;
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"44444444-4444-4444-8444-444444444444","role":"authenticated"}', true);
select lives_ok($$ update public.users set auto_recharge_enabled = true where id = '44444444-4444-4444-8444-444444444444' $$,
  'a user switches auto-recharge on ($3.00, trigger $5.00)');
select throws_ok($$ update public.users set auto_recharge_retry_after = null $$, '42501', null, 'but cannot lift a failure''s hold themself');
reset role;
select results_eq(
  $$ select status, payload ->> 'amount' from private.billing_jobs where user_id = '44444444-4444-4444-8444-444444444444' and kind = 'auto_recharge' $$,
  $$ values ('pending'::text, '25.00'::text) $$,
  'their recharge has started'
);

select is_empty($$ select * from private.ledger_differences() $$, 'every balance is the sum of its completed entries');

select * from finish();
rollback;
