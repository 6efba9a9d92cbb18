-- One number, one identity (20261202000300_number_one_identity.sql): a number that is someone's verified caller ID
-- cannot become a Ringwise number (reserved, bought or written by any other path), a verification cannot complete for
-- a number held by a purchase or by another account's verification, and every claim takes the number's lock. Also:
-- every E.164 check is public.is_e164, which agrees with @ringwise/phone/notation's isE164 on its edge cases (the
-- bun test api/src/modules/numbers/e164-rule.test.ts runs both on the same texts).
begin;
select plan(29);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'a@example.test'),
  ('22222222-2222-4222-8222-222222222222', 'b@example.test');
select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'credit_purchase', 10.00, 'Top-up', null, 'pi_a1');
select private.post_ledger_entry('22222222-2222-4222-8222-222222222222', 'credit_purchase', 10.00, 'Top-up', null, 'pi_b1');

-- E.164, one rule -------------------------------------------------------------------------------------------------

-- the expected values are isE164's (packages/phone/src/notation.ts)
select results_eq(
  $$ select t.text, public.is_e164(t.text) from (values
       ('+447700900123'), ('+12'), ('+123456789012345'), ('+1'), ('+'), (''), ('+0123'), ('447700900123'),
       ('00447700900123'), ('+1234567890123456'), (' +447700900123'), ('+447700900123 '), (E'+447700900123\n'),
       ('+44 7700 900123'), ('++447700900123'), ('+4477009001a3'), ('+١٢٣٤'), ('+１２３４')
     ) as t(text) order by t.text $$,
  $$ select t.text, t.e164 from (values
       ('+447700900123', true), ('+12', true), ('+123456789012345', true), ('+1', false), ('+', false), ('', false),
       ('+0123', false), ('447700900123', false), ('00447700900123', false), ('+1234567890123456', false),
       (' +447700900123', false), ('+447700900123 ', false), (E'+447700900123\n', false), ('+44 7700 900123', false),
       ('++447700900123', false), ('+4477009001a3', false), ('+١٢٣٤', false), ('+１２３４', false)
     ) as t(text, e164) order by t.text $$,
  'public.is_e164 is isE164: "+", a first digit 1-9, 2 to 15 digits in all, nothing around it'
);
select is(public.is_e164(null), null, 'no text is no answer (a nullable column''s check passes)');
select set_eq(
  $$ select conrelid::regclass::text || '.' || conname from pg_catalog.pg_constraint
     where contype = 'c' and connamespace = 'public'::regnamespace and pg_catalog.pg_get_constraintdef(oid) like '%is_e164(%' $$,
  array['virtual_numbers.virtual_numbers_phone_number_e164', 'verified_caller_ids.verified_caller_ids_phone_number_e164',
        'users.users_default_caller_id_e164', 'contacts.contacts_primary_number_e164', 'calls.calls_destination_e164',
        'virtual_numbers.virtual_numbers_forward_to_e164'],
  'every phone number column is checked with public.is_e164'
);
select is_empty(
  $$ select conrelid::regclass::text || '.' || conname from pg_catalog.pg_constraint
     where contype = 'c' and connamespace = 'public'::regnamespace
       and pg_catalog.pg_get_constraintdef(oid) like '%[1-9][0-9]{%' and conname <> 'contacts_country_code_format' $$,
  'no check spells an E.164 pattern of its own (the calling code of a contact is not a phone number)'
);
select ok(
  has_function_privilege('authenticated', 'public.is_e164(text)', 'execute') and has_function_privilege('anon', 'public.is_e164(text)', 'execute'),
  'every role that writes a checked column may run the rule'
);
select throws_ok(
  $$ insert into public.contacts (user_id, display_name, primary_number) values ('11111111-1111-4111-8111-111111111111', 'x', '+1') $$,
  '23514', 'new row for relation "contacts" violates check constraint "contacts_primary_number_e164"', 'a calling code alone is not a contact''s number'
);
select throws_ok(
  $$ insert into public.calls (user_id, destination_number, status) values ('11111111-1111-4111-8111-111111111111', '+1', 'queued') $$,
  '23514', 'new row for relation "calls" violates check constraint "calls_destination_e164"', 'nor a destination (the old rule let "+1" pass)'
);

-- one identity ----------------------------------------------------------------------------------------------------

-- B's phone, verified; A's pending entry for another number
insert into public.verified_caller_ids (id, user_id, phone_number, verification_status) values
  ('bbbbbbbb-0000-4000-8000-000000000001', '22222222-2222-4222-8222-222222222222', '+15550000101', 'verified');
insert into public.verified_caller_ids (id, user_id, phone_number, validation_code, call_sid) values
  ('aaaaaaaa-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111', '+15550000102', '123456', 'CA00000000000000000000000000000102');

select throws_ok(
  $$ select private.reserve_virtual_number('11111111-1111-4111-8111-111111111111', '+15550000101', 'US', 'local', null, null, 1.15) $$,
  '23505', 'phone number +15550000101 is a verified caller ID and cannot be a Ringwise number',
  'another account''s verified caller ID cannot be bought'
);
select throws_ok(
  $$ select private.reserve_virtual_number('22222222-2222-4222-8222-222222222222', '+15550000101', 'US', 'local', null, null, 1.15) $$,
  '23505', null, 'nor the account''s own'
);
select throws_ok(
  $$ insert into public.virtual_numbers (user_id, phone_number, twilio_sid, status, renews_at)
     values ('11111111-1111-4111-8111-111111111111', '+15550000101', 'PNaaaaaaaa000040008000000000000101', 'active', now() + interval '1 month') $$,
  '23505', null, 'nor written as a Ringwise number by any other path'
);
select is(
  (select count(*)::int from public.virtual_numbers where phone_number = '+15550000101'), 0,
  'and nothing was reserved'
);

-- a pending verification is no claim; a reservation is, until it is released
select lives_ok(
  $$ select private.reserve_virtual_number('22222222-2222-4222-8222-222222222222', '+15550000102', 'US', 'local', null, null, 1.15) $$,
  'a number with only a pending verification can be bought'
);
select ok(
  exists (select 1 from pg_catalog.pg_locks where locktype = 'advisory' and classid = 20261202 and objsubid = 2 and pid = pg_catalog.pg_backend_pid()),
  'the purchase took the number''s lock, held until the transaction ends'
);
select throws_ok(
  $$ update public.verified_caller_ids set verification_status = 'verified', validation_code = null where id = 'aaaaaaaa-0000-4000-8000-000000000002' $$,
  '23505', 'caller ID +15550000102 is a Ringwise number (a virtual number, bought or being bought) and cannot be verified',
  'a verification cannot complete for a number being bought (a reservation)'
);
select throws_ok(
  $$ insert into public.verified_caller_ids (user_id, phone_number, verification_status)
     values ('11111111-1111-4111-8111-111111111111', '+15550000102', 'verified') $$,
  '23505', null, 'nor be written verified by any other path'
);
select lives_ok(
  $$ update public.verified_caller_ids set verification_status = 'failed' where id = 'aaaaaaaa-0000-4000-8000-000000000002' $$,
  'it can end failed'
);
select private.release_virtual_number(
  (select id from public.virtual_numbers where phone_number = '+15550000102' and status = 'pending'), 'purchase_failed');
update public.verified_caller_ids set verification_status = 'pending' where id = 'aaaaaaaa-0000-4000-8000-000000000002';
select lives_ok(
  $$ update public.verified_caller_ids set verification_status = 'verified', validation_code = null where id = 'aaaaaaaa-0000-4000-8000-000000000002' $$,
  'a released number is free to verify'
);
select throws_ok(
  $$ select private.reserve_virtual_number('22222222-2222-4222-8222-222222222222', '+15550000102', 'US', 'local', null, null, 1.15) $$,
  '23505', null, 'and then it is A''s, not for sale'
);

-- two accounts' verifications of one number: the first keeps it
insert into public.verified_caller_ids (id, user_id, phone_number, validation_code, call_sid) values
  ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', '+15550000101', '654321', 'CA00000000000000000000000000000101');
select throws_ok(
  $$ update public.verified_caller_ids set verification_status = 'verified', validation_code = null where id = 'aaaaaaaa-0000-4000-8000-000000000001' $$,
  '23505', 'caller ID +15550000101 is already verified by another account',
  'a number another account verified cannot be verified again'
);
select lives_ok(
  $$ update public.verified_caller_ids set verification_status = 'verified', friendly_name = 'Mobile' where id = 'bbbbbbbb-0000-4000-8000-000000000001' $$,
  'a verified entry changes freely (it is the holder, not a new claim)'
);
select throws_ok(
  $$ update public.verified_caller_ids set phone_number = '+15550000102' where id = 'bbbbbbbb-0000-4000-8000-000000000001' $$,
  '23505', null, 'but does not move onto a number someone holds'
);

-- removed (by its owner, under RLS), a caller ID frees its number
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"22222222-2222-4222-8222-222222222222","role":"authenticated"}', true);
select lives_ok(
  $$ update public.verified_caller_ids set deleted_at = now() where id = 'bbbbbbbb-0000-4000-8000-000000000001' $$,
  'B removes their caller ID'
);
reset role;
select lives_ok(
  $$ select private.reserve_virtual_number('11111111-1111-4111-8111-111111111111', '+15550000101', 'US', 'local', null, null, 1.15) $$,
  'then the number may be bought'
);
select throws_ok(
  $$ update public.verified_caller_ids set verification_status = 'verified', validation_code = null where id = 'aaaaaaaa-0000-4000-8000-000000000001' $$,
  '23505', null, 'and A''s own pending verification no longer completes'
);

-- who holds a number
select is(private.number_holder('+15550000101'), 'virtual_number', 'number_holder: a number being bought');
select is(private.number_holder('+15550000102'), 'caller_id', 'number_holder: a verified caller ID');
select is(private.number_holder('+15550000103'), null, 'number_holder: a number nobody holds');
select ok(
  not has_function_privilege('authenticated', 'private.number_holder(text)', 'execute')
    and not has_function_privilege('anon', 'private.number_holder(text)', 'execute'),
  'users cannot take a number''s lock or ask who holds it'
);
select is(
  (select count(*)::int from public.virtual_numbers n
   join public.verified_caller_ids c on c.phone_number = n.phone_number and c.verification_status = 'verified' and c.deleted_at is null
   where n.status <> 'released'),
  0,
  'no number is both a Ringwise number and a verified caller ID'
);

select * from finish();
rollback;
