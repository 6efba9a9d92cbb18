-- private.session_live: what ends a session for the api (sign-out, expiry, a reused refresh token, another user's
-- session), and who may call it.
begin;
select plan(8);

insert into auth.users (id, email) values
  ('a1111111-1111-4111-8111-111111111111', 'live-a@example.test'),
  ('b2222222-2222-4222-8222-222222222222', 'live-b@example.test');
insert into auth.sessions (id, user_id) values
  ('c1111111-0000-4000-8000-000000000001', 'a1111111-1111-4111-8111-111111111111'),
  ('c1111111-0000-4000-8000-000000000002', 'a1111111-1111-4111-8111-111111111111'),
  ('c1111111-0000-4000-8000-000000000003', 'a1111111-1111-4111-8111-111111111111');
insert into auth.refresh_tokens (token, user_id, session_id, revoked) values
  ('live-1', 'a1111111-1111-4111-8111-111111111111', 'c1111111-0000-4000-8000-000000000001', false),
  ('rotated-1', 'a1111111-1111-4111-8111-111111111111', 'c1111111-0000-4000-8000-000000000001', true),
  ('reused-2', 'a1111111-1111-4111-8111-111111111111', 'c1111111-0000-4000-8000-000000000002', true),
  ('live-3', 'a1111111-1111-4111-8111-111111111111', 'c1111111-0000-4000-8000-000000000003', false);
update auth.sessions set not_after = now() - interval '1 second' where id = 'c1111111-0000-4000-8000-000000000003';

select ok(private.session_live('c1111111-0000-4000-8000-000000000001', 'a1111111-1111-4111-8111-111111111111'), 'a session with a live refresh token is live');
select ok(not private.session_live('c1111111-0000-4000-8000-000000000002', 'a1111111-1111-4111-8111-111111111111'), 'every refresh token revoked (a reuse): ended');
select ok(not private.session_live('c1111111-0000-4000-8000-000000000003', 'a1111111-1111-4111-8111-111111111111'), 'past not_after: ended');
select ok(not private.session_live('c1111111-0000-4000-8000-000000000001', 'b2222222-2222-4222-8222-222222222222'), 'another user''s session: not theirs');
select ok(not private.session_live('c1111111-0000-4000-8000-000000000009', 'a1111111-1111-4111-8111-111111111111'), 'an unknown session: not live');
delete from auth.sessions where id = 'c1111111-0000-4000-8000-000000000001';
select ok(not private.session_live('c1111111-0000-4000-8000-000000000001', 'a1111111-1111-4111-8111-111111111111'), 'signed out (the row deleted): ended');

set local role authenticated;
select throws_ok($$ select private.session_live('c1111111-0000-4000-8000-000000000001', 'a1111111-1111-4111-8111-111111111111') $$, '42501', null, 'a user cannot call it');
reset role;
set local role anon;
select throws_ok($$ select private.session_live('c1111111-0000-4000-8000-000000000001', 'a1111111-1111-4111-8111-111111111111') $$, '42501', null, 'anon cannot call it');
reset role;

select * from finish();
rollback;
