-- The admin console in the database (issue #14): every admin function refuses customers and anon, money
-- actions go through the ledger with an audit entry each, a call is refunded once, and the audit log cannot be
-- changed by any role.
begin;
select plan(30);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'admin@example.test'),
  ('22222222-2222-4222-8222-222222222222', 'customer@example.test');
update public.users set role = 'admin' where id = '11111111-1111-4111-8111-111111111111';
select private.post_ledger_entry('22222222-2222-4222-8222-222222222222', 'credit_purchase', 20.00, 'Top-up', null, 'pi_admin_test');
insert into public.calls (id, user_id, destination_number, status) values
  ('aaaaaaaa-0000-4000-8000-000000000001', '22222222-2222-4222-8222-222222222222', '+442071234567', 'completed'),
  ('aaaaaaaa-0000-4000-8000-000000000002', '22222222-2222-4222-8222-222222222222', '+442071234568', 'busy');
select private.post_ledger_entry('22222222-2222-4222-8222-222222222222', 'call_charge', -0.37, 'Call', 'aaaaaaaa-0000-4000-8000-000000000001');

select throws_ok($$ update public.users set role = 'root' where id = '22222222-2222-4222-8222-222222222222' $$, '23514', null, 'a role is customer or admin');

-- a customer -----------------------------------------------------------------------------------------------
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"22222222-2222-4222-8222-222222222222","role":"authenticated"}', true);
select throws_ok($$ select public.admin_dashboard(30) $$, '42501', 'admin only', 'a customer cannot read the dashboard');
select throws_ok($$ select public.admin_users('', 50, 0) $$, '42501', 'admin only', 'nor the users');
select throws_ok($$ select public.admin_user('22222222-2222-4222-8222-222222222222') $$, '42501', 'admin only', 'nor one user, even themselves');
select throws_ok($$ select public.admin_calls(null, null, null, null, null, 50, 0) $$, '42501', 'admin only', 'nor the calls');
select throws_ok($$ select public.admin_financial(current_date - 7, current_date) $$, '42501', 'admin only', 'nor the money by day');
select throws_ok($$ select public.admin_audit_log(50, null) $$, '42501', 'admin only', 'nor the audit log');
select throws_ok($$ select public.admin_adjust_balance('22222222-2222-4222-8222-222222222222', 100.00, 'free money') $$, '42501', 'admin only', 'nor adjust a balance, even their own');
select throws_ok($$ select public.admin_set_role('22222222-2222-4222-8222-222222222222', 'admin') $$, '42501', 'admin only', 'nor make themselves admin');
select throws_ok($$ select public.admin_refund_call('aaaaaaaa-0000-4000-8000-000000000001', 'please') $$, '42501', 'admin only', 'nor refund their call');
select throws_ok($$ select * from private.audit_log $$, '42501', null, 'nor read the audit log table');
select throws_ok($$ select public.admin_store_rates('[]', 'rates.import') $$, '42501', 'admin only', 'nor import rates');
select throws_ok($$ select public.admin_block_prefix('44', 'not me') $$, '42501', 'admin only', 'nor block a prefix');
select throws_ok($$ select * from public.blocked_prefixes $$, '42501', null, 'nor read the blocked prefixes');

-- anon -------------------------------------------------------------------------------------------------------
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select throws_ok($$ select public.admin_dashboard(30) $$, '42501', null, 'anon cannot call an admin function');

-- an admin ---------------------------------------------------------------------------------------------------
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}', true);
select is((public.admin_dashboard(30) ->> 'users')::int, 2, 'an admin reads the dashboard');
select is(public.admin_adjust_balance('22222222-2222-4222-8222-222222222222', -2.50, 'duplicate top-up') ->> 'balance', '17.13', 'an adjustment moves the balance through the ledger');
select throws_ok($$ select public.admin_adjust_balance('22222222-2222-4222-8222-222222222222', 5.00, '') $$, '22023', null, 'an adjustment needs a reason');
select is(public.admin_refund_call('aaaaaaaa-0000-4000-8000-000000000001', 'bad line') ->> 'amount', '0.37', 'a call is refunded what it was charged');
select throws_ok($$ select public.admin_refund_call('aaaaaaaa-0000-4000-8000-000000000001', 'bad line again') $$, '23505', 'this call has already been refunded', 'but only once');
select throws_ok($$ select public.admin_refund_call('aaaaaaaa-0000-4000-8000-000000000002', 'busy') $$, '22023', null, 'a call that cost nothing has nothing to refund');
select throws_ok($$ select public.admin_set_role('11111111-1111-4111-8111-111111111111', 'customer') $$, '22023', null, 'an admin cannot drop their own role');
select results_eq(
  $$ select a ->> 'action' from jsonb_array_elements(public.admin_audit_log(50, null)) a $$,
  array['call.refund', 'balance.adjust'],
  'each money action is in the audit log, newest first'
);
select is(jsonb_array_length(public.admin_ledger_check() -> 'differences'), 0, 'the ledger still holds');

-- nobody changes the audit log, not even its owner -------------------------------------------------------------
reset role;
select throws_ok($$ update private.audit_log set reason = 'nothing happened' $$, '42501', null, 'the audit log cannot be updated');
select throws_ok($$ delete from private.audit_log $$, '42501', null, 'nor deleted from');
set local role service_role;
select throws_ok($$ update private.audit_log set reason = 'nothing happened' $$, '42501', null, 'not by the service role either');
select throws_ok($$ truncate private.audit_log $$, '42501', null, 'which cannot empty it');
reset role;

-- a blocked destination cannot be called, whoever inserts the call
insert into public.blocked_prefixes (prefix, reason) values ('4420', 'fraud ring');
select throws_ok(
  $$ insert into public.calls (user_id, destination_number, status) values ('22222222-2222-4222-8222-222222222222', '+442071234999', 'queued') $$,
  '23514', 'calls to numbers starting +4420 are blocked', 'a call to a blocked prefix is refused'
);
select lives_ok(
  $$ insert into public.calls (user_id, destination_number, status) values ('22222222-2222-4222-8222-222222222222', '+442171234999', 'queued') $$,
  'other destinations are not'
);

select * from finish();
rollback;
