-- public.verified_caller_ids: a Ringwise number (an active virtual number, or one in its grace period) cannot
-- become anyone's caller ID entry; a released one can. An entry that exists is not verified once its number is
-- bought (one number, one identity: 20261202000300, 019-number-one-identity), but can still be removed.
begin;
select plan(7);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'a@example.test'),
  ('22222222-2222-4222-8222-222222222222', 'b@example.test');
insert into public.virtual_numbers (user_id, phone_number, monthly_price, twilio_sid, status, grace_ends_at, released_at, release_reason) values
  ('11111111-1111-4111-8111-111111111111', '+15550000001', 1.15, 'PNaaaaaaaa000040008000000000000001', 'active', null, null, null),
  ('11111111-1111-4111-8111-111111111111', '+15550000002', 1.15, 'PNaaaaaaaa000040008000000000000002', 'grace', now() + interval '7 days', null, null),
  ('11111111-1111-4111-8111-111111111111', '+15550000003', 1.15, null, 'released', null, now(), 'user');

select throws_ok(
  $$ insert into public.verified_caller_ids (user_id, phone_number) values ('22222222-2222-4222-8222-222222222222', '+15550000001') $$,
  '23514', 'caller ID +15550000001 is a Ringwise number (an active virtual number) and cannot be verified',
  'another account''s active number cannot become a caller ID'
);
select throws_ok(
  $$ insert into public.verified_caller_ids (user_id, phone_number) values ('11111111-1111-4111-8111-111111111111', '+15550000001') $$,
  '23514', null, 'nor can the owner''s own'
);
select throws_ok(
  $$ insert into public.verified_caller_ids (user_id, phone_number) values ('22222222-2222-4222-8222-222222222222', '+15550000002') $$,
  '23514', null, 'a number in its grace period is still a Ringwise number'
);
select lives_ok(
  $$ insert into public.verified_caller_ids (user_id, phone_number) values ('22222222-2222-4222-8222-222222222222', '+15550000003') $$,
  'a released number may be verified'
);

-- an entry made before its number was bought is not verified any more (the api ends it failed), and is still removed
insert into public.verified_caller_ids (id, user_id, phone_number, validation_code, call_sid) values
  ('bbbbbbbb-0000-4000-8000-000000000001', '22222222-2222-4222-8222-222222222222', '+15550000004', '123456', 'CA00000000000000000000000000000004');
insert into public.virtual_numbers (user_id, phone_number, monthly_price, twilio_sid, status) values
  ('11111111-1111-4111-8111-111111111111', '+15550000004', 1.15, 'PNaaaaaaaa000040008000000000000004', 'active');
select throws_ok(
  $$ update public.verified_caller_ids set verification_status = 'verified', validation_code = null where id = 'bbbbbbbb-0000-4000-8000-000000000001' $$,
  '23505', 'caller ID +15550000004 is a Ringwise number (a virtual number, bought or being bought) and cannot be verified',
  'an entry that exists is not verified for a number bought meanwhile'
);
select lives_ok(
  $$ update public.verified_caller_ids set deleted_at = now() where id = 'bbbbbbbb-0000-4000-8000-000000000001' $$,
  'but is removed'
);
select is(
  (select count(*)::int from public.verified_caller_ids where phone_number in ('+15550000001', '+15550000002')),
  0,
  'no entry was written for a Ringwise number'
);

select * from finish();
rollback;
