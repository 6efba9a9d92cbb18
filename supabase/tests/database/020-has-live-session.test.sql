-- private.has_live_session: whether an owner is signed in anywhere (the incoming-call webhook rings them only then),
-- and who may call it.
begin;
select plan(6);

insert into auth.users (id, email) values
  ('a3333333-3333-4333-8333-333333333333', 'rung-a@example.test'),
  ('b4444444-4444-4444-8444-444444444444', 'rung-b@example.test');
insert into auth.sessions (id, user_id) values
  ('d3333333-0000-4000-8000-000000000001', 'a3333333-3333-4333-8333-333333333333'),
  ('d3333333-0000-4000-8000-000000000002', 'a3333333-3333-4333-8333-333333333333');
insert into auth.refresh_tokens (token, user_id, session_id, revoked) values
  ('rung-live-1', 'a3333333-3333-4333-8333-333333333333', 'd3333333-0000-4000-8000-000000000001', false),
  ('rung-reused-2', 'a3333333-3333-4333-8333-333333333333', 'd3333333-0000-4000-8000-000000000002', true);

select ok(private.has_live_session('a3333333-3333-4333-8333-333333333333'), 'one live session among ended ones: signed in');
select ok(not private.has_live_session('b4444444-4444-4444-8444-444444444444'), 'no session at all: signed in nowhere');
update auth.sessions set not_after = now() - interval '1 second' where id = 'd3333333-0000-4000-8000-000000000001';
select ok(not private.has_live_session('a3333333-3333-4333-8333-333333333333'), 'its last live session past not_after: signed in nowhere');
update auth.sessions set not_after = null where id = 'd3333333-0000-4000-8000-000000000001';
delete from auth.sessions where user_id = 'a3333333-3333-4333-8333-333333333333';
select ok(not private.has_live_session('a3333333-3333-4333-8333-333333333333'), 'signed out everywhere (the rows deleted): signed in nowhere');

set local role authenticated;
select throws_ok($$ select private.has_live_session('a3333333-3333-4333-8333-333333333333') $$, '42501', null, 'a user cannot call it');
reset role;
set local role anon;
select throws_ok($$ select private.has_live_session('a3333333-3333-4333-8333-333333333333') $$, '42501', null, 'anon cannot call it');
reset role;

select * from finish();
rollback;
