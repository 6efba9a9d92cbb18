-- Numbers: a purchase reserves then charges once, a number belongs to one user at a time, renewals charge each
-- period once (grace period and release when unpaid), the database refuses malformed numbers, and users can
-- neither run these functions nor see or change another user's numbers and caller IDs.
begin;
select plan(39);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'a@example.test'),
  ('22222222-2222-4222-8222-222222222222', 'b@example.test');
select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'credit_purchase', 5.00, 'Top-up', null, 'pi_a1');
select private.post_ledger_entry('22222222-2222-4222-8222-222222222222', 'credit_purchase', 5.00, 'Top-up', null, 'pi_b1');

-- reserve: the balance must cover the first month, and no money moves
select throws_ok(
  $$ select private.reserve_virtual_number('11111111-1111-4111-8111-111111111111', '+442079460001', 'GB', 'local', null, 'London', 5.01) $$,
  '23514', null, 'a number dearer than the balance cannot be reserved'
);
select lives_ok(
  $$ select private.reserve_virtual_number('11111111-1111-4111-8111-111111111111', '+442079460001', 'GB', 'local', null, 'London', 1.15) $$,
  'A reserves a number the balance covers'
);
select is((select balance::text from public.users where email = 'a@example.test'), '5.00', 'a reservation moves no money');
select is((select is_active from public.virtual_numbers where phone_number = '+442079460001'), false, 'a reservation is not usable yet');
select throws_ok(
  $$ select private.reserve_virtual_number('22222222-2222-4222-8222-222222222222', '+442079460001', 'GB', 'local', null, null, 1.15) $$,
  '23505', null, 'B cannot reserve a number A holds'
);
select throws_ok(
  $$ select private.reserve_virtual_number('22222222-2222-4222-8222-222222222222', '+44 20 7946 0002', 'GB', 'local', null, null, 1.15) $$,
  '23514', null, 'the database refuses a number that is not E.164'
);

-- activate: one number_purchase entry, active for a month
select lives_ok(
  $$ select private.activate_virtual_number((select id from public.virtual_numbers where phone_number = '+442079460001'), 'PN00000000000000000000000000000001') $$,
  'the carrier sold it: A''s number is activated'
);
select is((select balance::text from public.users where email = 'a@example.test'), '3.85', 'the first month is charged');
select is(
  (select count(*)::int from public.transactions where user_id = '11111111-1111-4111-8111-111111111111' and type = 'number_purchase' and amount = -1.15),
  1, 'as one number_purchase entry'
);
select is((select status from public.virtual_numbers where phone_number = '+442079460001'), 'active', 'the number is active');
select ok(
  (select renews_at between now() + interval '27 days' and now() + interval '32 days' from public.virtual_numbers where phone_number = '+442079460001'),
  'and renews in a month'
);
select throws_ok(
  $$ select private.activate_virtual_number((select id from public.virtual_numbers where phone_number = '+442079460001'), 'PN00000000000000000000000000000009') $$,
  'P0002', null, 'an active number cannot be activated (charged) again'
);

-- a reservation the balance can no longer pay when the carrier has sold it
select private.reserve_virtual_number('22222222-2222-4222-8222-222222222222', '+442079460003', 'GB', 'local', null, null, 4.00);
select private.post_ledger_entry('22222222-2222-4222-8222-222222222222', 'adjustment', -2.00, 'Correction');
select throws_ok(
  $$ select private.activate_virtual_number((select id from public.virtual_numbers where phone_number = '+442079460003'), 'PN00000000000000000000000000000003') $$,
  '23514', null, 'activation fails when the balance dropped meanwhile'
);
select is((select balance::text from public.users where email = 'b@example.test'), '3.00', 'and nothing was charged');

-- renewal: due now, charged once per period
update public.virtual_numbers set renews_at = now() - interval '1 minute' where phone_number = '+442079460001';
select is(private.renew_virtual_number((select id from public.virtual_numbers where phone_number = '+442079460001')), 'renewed', 'a due number is renewed');
select is((select balance::text from public.users where email = 'a@example.test'), '2.70', 'the month is charged');
select is(
  (select count(*)::int from public.transactions where user_id = '11111111-1111-4111-8111-111111111111' and type = 'number_renewal'),
  1, 'as one number_renewal entry'
);
select is(private.renew_virtual_number((select id from public.virtual_numbers where phone_number = '+442079460001')), 'skipped', 'a number not due is skipped');
select is((select count(*)::int from private.number_renewals), 1, 'one period key');

-- the same period cannot be charged twice, even when renews_at is moved back to it
update public.virtual_numbers set renews_at = renews_at - interval '1 month' where phone_number = '+442079460001';
select is(private.renew_virtual_number((select id from public.virtual_numbers where phone_number = '+442079460001')), 'skipped', 'a paid period is not charged again');
select is((select balance::text from public.users where email = 'a@example.test'), '2.70', 'the balance is unchanged');

-- unpaid: grace period (once, with an e-mail), still usable; then release
select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'adjustment', -2.00, 'Correction');
update public.virtual_numbers set renews_at = now() - interval '1 day' where phone_number = '+442079460001';
select is(private.renew_virtual_number((select id from public.virtual_numbers where phone_number = '+442079460001')), 'grace', 'an unpaid renewal starts the grace period');
select is((select status || ' ' || is_active from public.virtual_numbers where phone_number = '+442079460001'), 'grace true', 'the number stays usable in grace');
select ok(
  (select grace_ends_at = renews_at + interval '7 days' from public.virtual_numbers where phone_number = '+442079460001'),
  'for 7 days from the date due'
);
select is((select count(*)::int from private.billing_jobs where kind = 'number_renewal_failed'), 1, 'the owner is e-mailed');
select is(private.renew_virtual_number((select id from public.virtual_numbers where phone_number = '+442079460001')), 'unpaid', 'a later round tries again');
select is((select count(*)::int from private.billing_jobs where kind = 'number_renewal_failed'), 1, 'without a second e-mail');
update public.virtual_numbers set renews_at = now() - interval '8 days', grace_ends_at = now() - interval '1 day' where phone_number = '+442079460001';
select is(private.renew_virtual_number((select id from public.virtual_numbers where phone_number = '+442079460001')), 'release', 'after the grace period the number is to be released');
update public.users set default_caller_id = '+442079460001' where id = '11111111-1111-4111-8111-111111111111';
select is(
  (private.release_virtual_number((select id from public.virtual_numbers where phone_number = '+442079460001'), 'unpaid')).status,
  'released', 'released'
);
select is((select default_caller_id from public.users where id = '11111111-1111-4111-8111-111111111111'), null, 'and no longer the default caller ID');
select is((select count(*)::int from private.billing_jobs where kind = 'number_released'), 1, 'the owner is told');
select lives_ok(
  $$ select private.reserve_virtual_number('22222222-2222-4222-8222-222222222222', '+442079460001', 'GB', 'local', null, null, 1.15) $$,
  'a released number can be bought again'
);
select is((select count(*)::int from private.ledger_differences()), 0, 'the ledger holds');

-- a removed caller ID stops being the default caller ID
insert into public.verified_caller_ids (id, user_id, phone_number, verification_status) values
  ('cccccccc-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', '+447700900123', 'verified');
update public.users set default_caller_id = '+447700900123' where id = '11111111-1111-4111-8111-111111111111';
select throws_ok(
  $$ insert into public.verified_caller_ids (user_id, phone_number) values ('11111111-1111-4111-8111-111111111111', '07700 900123') $$,
  '23514', null, 'the database refuses a caller ID that is not E.164'
);

-- users run none of it, and see only their own
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}', true);
select throws_ok(
  $$ select private.reserve_virtual_number('11111111-1111-4111-8111-111111111111', '+442079460009', 'GB', 'local', null, null, 0.00) $$,
  '42501', null, 'a user cannot reserve a number directly'
);
select throws_ok(
  $$ select private.renew_virtual_number((select id from public.virtual_numbers limit 1)) $$,
  '42501', null, 'a user cannot run a renewal'
);
select is((select count(*)::int from public.virtual_numbers where user_id <> '11111111-1111-4111-8111-111111111111'), 0, 'A sees none of B''s numbers');
select throws_ok($$ select * from private.number_renewals $$, '42501', null, 'renewal keys are private');
update public.verified_caller_ids set deleted_at = now() where id = 'cccccccc-0000-4000-8000-000000000001';
reset role;
select is((select default_caller_id from public.users where id = '11111111-1111-4111-8111-111111111111'), null, 'removing the caller ID clears it as the default');

select * from finish();
rollback;
