-- What a user may write directly (the grants hosted Supabase's Data API exposes too) holds only what the api
-- would accept (issue: hardening): each refused write as role authenticated, and the legitimate ones.
begin;
select plan(24);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'a@example.test'),
  ('22222222-2222-4222-8222-222222222222', 'b@example.test');
insert into public.virtual_numbers (user_id, phone_number, monthly_price, twilio_sid, status) values
  ('11111111-1111-4111-8111-111111111111', '+15550000001', 1.15, 'PNaaaaaaaa000040008000000000000001', 'active'),
  ('11111111-1111-4111-8111-111111111111', '+15550000009', 1.15, null, 'pending'),
  ('22222222-2222-4222-8222-222222222222', '+15550000002', 1.15, 'PNbbbbbbbb000040008000000000000001', 'active');
insert into public.verified_caller_ids (id, user_id, phone_number, verification_status, deleted_at) values
  ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', '+15550000003', 'verified', null),
  ('aaaaaaaa-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111', '+15550000004', 'pending', null),
  ('aaaaaaaa-0000-4000-8000-000000000003', '11111111-1111-4111-8111-111111111111', '+15550000005', 'verified', now() - interval '1 day'),
  ('bbbbbbbb-0000-4000-8000-000000000001', '22222222-2222-4222-8222-222222222222', '+15550000006', 'verified', null);

set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}', true);

-- default caller ID: only one's own active virtual number or verified caller ID
select throws_ok($$ update public.users set default_caller_id = '+15550000002' $$, '23514', null, 'another user''s virtual number is refused as caller ID');
select throws_ok($$ update public.users set default_caller_id = '+15550000006' $$, '23514', null, 'another user''s verified caller ID is refused');
select throws_ok($$ update public.users set default_caller_id = '+15550000009' $$, '23514', null, 'a number still being bought (pending) is refused');
select throws_ok($$ update public.users set default_caller_id = '+15550000004' $$, '23514', null, 'a caller ID not yet verified is refused');
select throws_ok($$ update public.users set default_caller_id = '+15550000005' $$, '23514', null, 'a removed caller ID is refused');
select throws_ok($$ update public.users set default_caller_id = 'not a number' $$, '23514', null, 'a caller ID that is not E.164 is refused');
select lives_ok($$ update public.users set default_caller_id = '+15550000001' $$, 'one''s own active virtual number is accepted');
select lives_ok($$ update public.users set default_caller_id = '+15550000003' $$, 'one''s own verified caller ID is accepted');
select lives_ok($$ update public.users set default_caller_id = null $$, 'no caller ID is accepted');

-- preferences: the spec's option lists
select throws_ok($$ update public.users set auto_recharge_amount = 99999.99 $$, '23514', null, 'an auto-recharge amount off the list is refused');
select throws_ok($$ update public.users set auto_recharge_trigger = 7.00 $$, '23514', null, 'an auto-recharge trigger off the list is refused');
select throws_ok($$ update public.users set low_balance_alert_threshold = 0.01 $$, '23514', null, 'a low-balance threshold off the list is refused');
select lives_ok($$ update public.users set auto_recharge_amount = 100.00, auto_recharge_trigger = 50.00, low_balance_alert_threshold = 20.00 $$, 'listed amounts are accepted');

-- images: https only
select throws_ok($$ update public.users set profile_image_url = 'javascript:alert(1)' $$, '23514', null, 'a javascript: image URL is refused');
select throws_ok($$ update public.users set profile_image_url = 'http://example.com/a.png' $$, '23514', null, 'a plain http image URL is refused');
select lives_ok($$ update public.users set profile_image_url = 'https://cdn.example.com/a.png' $$, 'an https image URL is accepted');

-- contacts: E.164 numbers, a real country code, bounded notes
select throws_ok($$ insert into public.contacts (display_name, primary_number) values ('Eve', 'not a number') $$, '23514', null, 'a contact number that is not E.164 is refused');
select throws_ok($$ insert into public.contacts (display_name, primary_number, country_code) values ('Eve', '+442079460000', 'UK') $$, '23514', null, 'a country code that is not +digits is refused');
select throws_ok($$ insert into public.contacts (display_name, primary_number, email) values ('Eve', '+442079460000', 'nope') $$, '23514', null, 'an e-mail without @ is refused');
select throws_ok($$ insert into public.contacts (display_name, primary_number, notes) values ('Eve', '+442079460000', repeat('x', 5001)) $$, '23514', null, 'notes over 5,000 characters are refused');
select lives_ok($$ insert into public.contacts (display_name, primary_number, country_code, email) values ('Eve', '+442079460000', '+44', 'eve@example.com') $$, 'a valid contact is accepted');
select throws_ok($$ update public.contacts set primary_number = '12' where display_name = 'Eve' $$, '23514', null, 'an edit to a number that is not E.164 is refused');

-- caller IDs: removed once, to now; never brought back
select lives_ok($$ update public.verified_caller_ids set deleted_at = now() + interval '10 years' where id = 'aaaaaaaa-0000-4000-8000-000000000002' $$, 'a caller ID is removed');
select ok((select deleted_at <= now() from public.verified_caller_ids where id = 'aaaaaaaa-0000-4000-8000-000000000002'), 'its removal is dated now, not when the user said');

select * from finish();
rollback;
