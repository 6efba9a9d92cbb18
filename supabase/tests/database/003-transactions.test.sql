-- public.transactions and private.post_ledger_entry: the ledger moves money exactly and once, never
-- below zero, and only privileged code may run it; a user reads their own entries.
begin;
select plan(22);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'a@example.test'),
  ('22222222-2222-4222-8222-222222222222', 'b@example.test');
insert into public.calls (id, user_id, destination_number, status) values
  ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', '+15550000001', 'completed'),
  ('aaaaaaaa-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111', '+15550000002', 'completed');

select policies_are('public', 'transactions', array['Users can view their own transactions']);
select function_privs_are('private', 'post_ledger_entry', array['uuid', 'text', 'numeric', 'text', 'uuid', 'text'], 'authenticated', array[]::text[], 'authenticated cannot execute the ledger');
select function_privs_are('private', 'post_ledger_entry', array['uuid', 'text', 'numeric', 'text', 'uuid', 'text'], 'anon', array[]::text[], 'anon cannot execute the ledger');
select function_privs_are('private', 'post_ledger_entry', array['uuid', 'text', 'numeric', 'text', 'uuid', 'text'], 'service_role', array['EXECUTE'], 'service_role executes the ledger');

-- privileged: the ledger
select is((private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'credit_purchase', 10.00, 'Top-up', null, 'pi_a')).amount, 10.00::numeric(10, 2), 'a credit is recorded');
select is((select balance from public.users where id = '11111111-1111-4111-8111-111111111111'), 10.00::numeric(10, 2), 'a credit raises the balance');
select is((private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'call_charge', -0.06, 'Call', 'aaaaaaaa-0000-4000-8000-000000000001')).amount, -0.06::numeric(10, 2), 'a charge is recorded');
select is((select balance from public.users where id = '11111111-1111-4111-8111-111111111111'), 9.94::numeric(10, 2), '10.00 - 0.06 = 9.94');
select is(
  (private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'call_charge', -0.06, 'Call', 'aaaaaaaa-0000-4000-8000-000000000001')).id,
  (select id from public.transactions where call_id = 'aaaaaaaa-0000-4000-8000-000000000001'),
  'charging a call again returns the first entry'
);
select is(
  (private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'credit_purchase', 10.00, 'Top-up', null, 'pi_a')).id,
  (select id from public.transactions where stripe_payment_intent_id = 'pi_a'),
  'crediting a payment again returns the first entry'
);
select is((select balance from public.users where id = '11111111-1111-4111-8111-111111111111'), 9.94::numeric(10, 2), 'repeats move no money');
select throws_like(
  $$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'call_charge', -9.95, 'Call', 'aaaaaaaa-0000-4000-8000-000000000002') $$,
  'insufficient balance%', 'the balance never goes below zero'
);
select is(
  (select sum(amount) from public.transactions where user_id = '11111111-1111-4111-8111-111111111111'),
  (select balance from public.users where id = '11111111-1111-4111-8111-111111111111'),
  'the balance equals the sum of the entries'
);
select lives_ok($$ select private.post_ledger_entry('22222222-2222-4222-8222-222222222222', 'credit_purchase', 5.00, 'Top-up', null, 'pi_b') $$, 'B is credited');

-- as service_role
set local role service_role;
select lives_ok($$ select private.post_ledger_entry('22222222-2222-4222-8222-222222222222', 'credit_purchase', 5.00, 'Top-up', null, 'pi_b2') $$, 'service_role may post entries');

-- as user A
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}', true);
select results_eq(
  $$ select type, amount from public.transactions order by created_at, amount desc $$,
  $$ values ('credit_purchase'::text, 10.00::numeric(10, 2)), ('call_charge', -0.06) $$,
  'A sees only their own entries'
);
select is_empty($$ select * from public.transactions where user_id = '22222222-2222-4222-8222-222222222222' $$, 'B''s entries are invisible to A');
select throws_ok(
  $$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'credit_purchase', 100.00, 'free money') $$,
  '42501', 'permission denied for schema private', 'A cannot run the ledger'
);
select throws_ok(
  $$ insert into public.transactions (user_id, type, amount) values ('11111111-1111-4111-8111-111111111111', 'credit_purchase', 100) $$,
  '42501', 'permission denied for table transactions', 'A cannot insert entries'
);
select throws_ok($$ update public.transactions set amount = 100 $$, '42501', 'permission denied for table transactions', 'A cannot update entries');
select throws_ok($$ delete from public.transactions $$, '42501', 'permission denied for table transactions', 'A cannot delete entries');

-- as anon
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select throws_ok(
  $$ select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'credit_purchase', 100.00, 'free money') $$,
  '42501', 'permission denied for schema private', 'anon cannot run the ledger'
);

select * from finish();
rollback;
