-- Profile settings (issue #14): avatars (a user reads, uploads and removes only their own; the bytes must be the
-- type; at most 2 MB), the profile image guard (https, or one of the user's own /api/avatars/<id>), and
-- private.delete_account (personal data gone, the ledger kept and still holding, auth.* left to Supabase Auth's admin
-- API, safe to run again) with the profile keeping its anonymous address through the Auth soft delete.
begin;
select plan(37);

insert into auth.users (id, email, encrypted_password, raw_user_meta_data) values
  ('11111111-1111-4111-8111-111111111111', 'a@example.test', '$argon2id$not-a-real-hash', '{"first_name":"Ada"}'),
  ('22222222-2222-4222-8222-222222222222', 'b@example.test', '$argon2id$not-a-real-hash', '{"first_name":"Bob"}');
insert into public.avatars (id, user_id, content_type, image) values
  ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', 'image/png', '\x89504e470d0a1a0a00'::bytea),
  ('bbbbbbbb-0000-4000-8000-000000000001', '22222222-2222-4222-8222-222222222222', 'image/jpeg', '\xffd8ffe000'::bytea);

select policies_are('public', 'avatars', array[
  'Users can view their own avatar',
  'Users can upload their own avatar',
  'Users can delete their own avatar'
]);
select ok((select relrowsecurity from pg_catalog.pg_class where oid = 'public.avatars'::regclass), 'RLS is enabled on public.avatars');

-- as user A ---------------------------------------------------------------------------------------------------
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}', true);

select results_eq($$ select id from public.avatars $$, array['aaaaaaaa-0000-4000-8000-000000000001'::uuid], 'A sees only their own avatar');
select throws_ok(
  $$ insert into public.avatars (user_id, content_type, image) values ('22222222-2222-4222-8222-222222222222', 'image/png', '\x89504e470d0a1a0a00'::bytea) $$,
  '42501', null, 'A cannot upload an avatar for B'
);
select is_empty($$ delete from public.avatars where id = 'bbbbbbbb-0000-4000-8000-000000000001' returning id $$, 'A cannot delete B''s avatar');
select throws_ok($$ update public.avatars set image = '\x89504e470d0a1a0a01'::bytea $$, '42501', null, 'nobody edits an avatar in place');
select throws_ok(
  $$ insert into public.avatars (content_type, image) values ('image/png', '\xffd8ffe000'::bytea) $$,
  '23514', null, 'JPEG bytes declared as PNG are refused'
);
select throws_ok(
  $$ insert into public.avatars (content_type, image) values ('image/webp', convert_to('<html><script>alert(1)</script>', 'UTF8')) $$,
  '23514', null, 'HTML declared as WebP is refused'
);
select throws_ok(
  $$ insert into public.avatars (content_type, image) values ('image/gif', '\x474946383961'::bytea) $$,
  '23514', null, 'a GIF is refused'
);
select throws_ok(
  $$ insert into public.avatars (content_type, image) values ('image/png', '\x89504e470d0a1a0a'::bytea || decode(repeat('00', 2097145), 'hex')) $$,
  '23514', null, 'an image over 2 MB is refused'
);

-- the profile image: https, or one's own avatar at the app's own address
select lives_ok($$ update public.users set profile_image_url = '/api/avatars/aaaaaaaa-0000-4000-8000-000000000001' $$, 'one''s own avatar address is accepted');
select throws_ok($$ update public.users set profile_image_url = '/api/avatars/bbbbbbbb-0000-4000-8000-000000000001' $$, '23514', null, 'another user''s avatar address is refused');
select throws_ok($$ update public.users set profile_image_url = '/api/avatars/cccccccc-0000-4000-8000-000000000001' $$, '23514', null, 'the address of no avatar is refused');
select throws_ok($$ update public.users set profile_image_url = '/api/avatars/../../admin' $$, '23514', null, 'a path that is not an avatar address is refused');
select throws_ok($$ update public.users set profile_image_url = '//evil.example/a.png' $$, '23514', null, 'a protocol-relative URL is refused');
select throws_ok($$ update public.users set profile_image_url = 'http://example.com/a.png' $$, '23514', null, 'a plain http image URL is still refused');

-- replacing: the old avatar goes (and stops being the profile image), the new one is uploaded
select lives_ok($$ delete from public.avatars where id = 'aaaaaaaa-0000-4000-8000-000000000001' $$, 'A removes their avatar');
select is((select profile_image_url from public.users), null, 'the removed avatar is no longer the profile image');
select lives_ok(
  $$ insert into public.avatars (content_type, image) values ('image/webp', '\x52494646000000005745425056503820'::bytea) $$,
  'A uploads a WebP avatar of their own'
);
select lives_ok($$ update public.users set profile_image_url = 'https://cdn.example.com/a.png' $$, 'an https image URL is still accepted');

-- as anon -----------------------------------------------------------------------------------------------------
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select throws_ok($$ select * from public.avatars $$, '42501', null, 'anon cannot list avatars');

-- account deletion --------------------------------------------------------------------------------------------
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}', true);
select throws_ok($$ select private.delete_account('22222222-2222-4222-8222-222222222222') $$, '42501', null, 'a user cannot call delete_account');
reset role;

select private.post_ledger_entry('11111111-1111-4111-8111-111111111111', 'adjustment', 10.00, 'Test credit');
insert into public.contacts (user_id, display_name, primary_number) values ('11111111-1111-4111-8111-111111111111', 'Ann', '+15550000001');
insert into public.verified_caller_ids (user_id, phone_number, verification_status) values ('11111111-1111-4111-8111-111111111111', '+15550000003', 'verified');
insert into public.virtual_numbers (id, user_id, phone_number, monthly_price, twilio_sid, status) values
  ('dddddddd-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', '+15550000002', 1.15, 'PNaaaaaaaa000040008000000000000001', 'active');
insert into auth.sessions (id, user_id) values ('eeeeeeee-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111');
insert into auth.refresh_tokens (token, user_id, session_id) values ('hash-a', '11111111-1111-4111-8111-111111111111', 'eeeeeeee-0000-4000-8000-000000000001');
insert into auth.sessions (id, user_id) values ('eeeeeeee-0000-4000-8000-000000000002', '22222222-2222-4222-8222-222222222222');

select throws_ok($$ select private.delete_account('11111111-1111-4111-8111-111111111111') $$, '55000', null, 'an account still holding a number is not deleted');
select private.release_virtual_number('dddddddd-0000-4000-8000-000000000001', 'user');
select lives_ok($$ select private.delete_account('11111111-1111-4111-8111-111111111111') $$, 'with its numbers released, the account is deleted');

select results_eq(
  $$ select (select count(*)::int from auth.sessions where user_id = '11111111-1111-4111-8111-111111111111'),
            (select count(*)::int from auth.refresh_tokens where user_id = '11111111-1111-4111-8111-111111111111') $$,
  $$ values (1, 1) $$,
  'A''s sessions and refresh tokens are left to Supabase Auth (the admin API''s soft delete ends them)'
);
select is_empty($$ select 1 from public.contacts where user_id = '11111111-1111-4111-8111-111111111111'
                   union all select 1 from public.verified_caller_ids where user_id = '11111111-1111-4111-8111-111111111111'
                   union all select 1 from public.avatars where user_id = '11111111-1111-4111-8111-111111111111' $$, 'A''s contacts, caller IDs and avatar are gone');
select results_eq(
  $$ select u.email, u.first_name, u.profile_image_url, u.stripe_customer_id, u.deleted_at is not null
     from public.users u where u.id = '11111111-1111-4111-8111-111111111111' $$,
  $$ values ('11111111-1111-4111-8111-111111111111@deleted.invalid'::text, null::text, null::text, null::text, true) $$,
  'A''s profile is anonymised: no name, no image, no Stripe customer, an undeliverable address, deleted_at set'
);
select results_eq(
  $$ select email::text, encrypted_password::text, raw_user_meta_data, banned_until from auth.users where id = '11111111-1111-4111-8111-111111111111' $$,
  $$ values ('a@example.test'::text, '$argon2id$not-a-real-hash'::text, '{"first_name":"Ada"}'::jsonb, null::timestamptz) $$,
  'A''s auth.users row is not written by delete_account'
);
select is((select count(*)::int from public.transactions where user_id = '11111111-1111-4111-8111-111111111111'), 1, 'A''s ledger entries are kept');
select is_empty($$ select * from private.ledger_differences() $$, 'the ledger still holds');
select isnt_empty($$ select 1 from auth.sessions where user_id = '22222222-2222-4222-8222-222222222222' $$, 'B''s session is untouched');
select is((select first_name from public.users where id = '22222222-2222-4222-8222-222222222222'), 'Bob', 'B''s profile is untouched');

-- again: a deletion that stopped before the Auth call is finished by deleting again
-- (dated back: within this test's one transaction now() would not move)
update public.users set deleted_at = '2026-11-01 10:00:00+00' where id = '11111111-1111-4111-8111-111111111111';
insert into public.contacts (user_id, display_name, primary_number) values ('11111111-1111-4111-8111-111111111111', 'Added since', '+15550000009');
select lives_ok($$ select private.delete_account('11111111-1111-4111-8111-111111111111') $$, 'deleting a deleted account again succeeds');
select is_empty($$ select 1 from public.contacts where user_id = '11111111-1111-4111-8111-111111111111' $$, 'what was added since is removed too');
select is((select deleted_at from public.users where id = '11111111-1111-4111-8111-111111111111'), '2026-11-01 10:00:00+00'::timestamptz, 'deleted_at keeps the first deletion''s time');

-- Supabase Auth's soft delete then replaces the sign-in address with a hash of it: the profile keeps its own
update auth.users set email = 'hK3tQ6n0-obfuscated-by-gotrue', encrypted_password = null, deleted_at = now() where id = '11111111-1111-4111-8111-111111111111';
select is((select email from public.users where id = '11111111-1111-4111-8111-111111111111'), '11111111-1111-4111-8111-111111111111@deleted.invalid', 'a deleted profile keeps its anonymous address');
update auth.users set email = 'bob.new@example.test' where id = '22222222-2222-4222-8222-222222222222';
select is((select email from public.users where id = '22222222-2222-4222-8222-222222222222'), 'bob.new@example.test', 'a live profile still follows its e-mail change');

select * from finish();
rollback;
