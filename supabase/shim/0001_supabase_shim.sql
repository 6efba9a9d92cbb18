-- Supabase shim: what a hosted Supabase project provides and plain PostgreSQL / PGlite lack.
-- Applied by api/src/db/migrate.ts before the migrations, and ONLY when the target is not hosted
-- Supabase. Idempotent: it runs on every start. It provides
--   * the api roles anon, authenticated, service_role (nologin, like Supabase's; service_role bypasses RLS),
--   * schema auth with auth.uid(), auth.role(), auth.email(), auth.jwt() reading request.jwt.claims
--     (and the legacy request.jwt.claim.* settings), as PostgREST and Supabase do,
--   * auth.users, auth.sessions and auth.refresh_tokens shaped like Supabase Auth's own tables, used by
--     the api's local auth server,
--   * Supabase's grants on schema public, including its default privileges (every new table, sequence
--     and function of public is granted to anon, authenticated and service_role), so that migrations
--     are tested against the same defaults they meet on Supabase and must revoke what they do not grant.

-- roles ------------------------------------------------------------------------------------------------

do $$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

-- the connecting role may switch to the api roles (`set local role authenticated`), as on Supabase
do $$
begin
  if not (select rolsuper from pg_catalog.pg_roles where rolname = current_user) then
    execute format('grant anon, authenticated, service_role to %I', current_user);
  end if;
end
$$;

-- schema public, as Supabase grants it ------------------------------------------------------------------

grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

-- schema auth and its functions ---------------------------------------------------------------------------

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create or replace function auth.uid()
returns uuid
language sql
stable
as $$
  select coalesce(
    nullif(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub', ''),
    nullif(current_setting('request.jwt.claim.sub', true), '')
  )::uuid
$$;
comment on function auth.uid() is 'The signed-in user''s id: the sub claim of request.jwt.claims (or the legacy request.jwt.claim.sub), null when signed out.';

create or replace function auth.role()
returns text
language sql
stable
as $$
  select coalesce(
    nullif(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role', ''),
    nullif(current_setting('request.jwt.claim.role', true), '')
  )::text
$$;
comment on function auth.role() is 'The role claim of the request''s JWT (anon, authenticated, service_role), null when none is set.';

create or replace function auth.email()
returns text
language sql
stable
as $$
  select coalesce(
    nullif(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email', ''),
    nullif(current_setting('request.jwt.claim.email', true), '')
  )::text
$$;
comment on function auth.email() is 'The email claim of the request''s JWT, null when none is set.';

create or replace function auth.jwt()
returns jsonb
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claims', true), ''),
    nullif(current_setting('request.jwt.claim', true), '')
  )::jsonb
$$;
comment on function auth.jwt() is 'All claims of the request''s verified JWT (request.jwt.claims) as jsonb, null when signed out.';

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;

-- auth tables, shaped like Supabase Auth's ------------------------------------------------------------------

create table if not exists auth.users (
  id uuid primary key default gen_random_uuid(),
  instance_id uuid,
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb default '{"provider":"email","providers":["email"]}'::jsonb,
  raw_user_meta_data jsonb default '{}'::jsonb,
  is_anonymous boolean not null default false,
  banned_until timestamptz,
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
comment on table auth.users is 'Accounts of the local auth server (the shape of Supabase Auth''s auth.users); on Supabase this table is Supabase''s own.';
create unique index if not exists users_email_lower_key on auth.users (lower(email));
-- A pending e-mail change (PUT /auth/v1/user), in Supabase Auth's own columns: the new address, the SHA-256 of
-- each confirmation link's token (the new address's, and the current one's with secure e-mail change), when the
-- links were sent, and whether one of the two was already opened.
alter table auth.users add column if not exists email_change varchar(255) default '';
alter table auth.users add column if not exists email_change_token_new varchar(255) default '';
alter table auth.users add column if not exists email_change_token_current varchar(255) default '';
alter table auth.users add column if not exists email_change_sent_at timestamptz;
alter table auth.users add column if not exists email_change_confirm_status smallint default 0 check (email_change_confirm_status between 0 and 2);
comment on column auth.users.email_change_token_new is 'SHA-256 hex digest of the token of the link sent to the new address (the token itself is never stored).';
comment on column auth.users.email_change_token_current is 'SHA-256 hex digest of the token of the link sent to the current address (secure e-mail change).';
-- When the account was soft-deleted through the admin API (DELETE /admin/users/{id} with should_soft_delete), as
-- Supabase Auth's own column: the row stays (the profile and the ledger reference it), its sign-in is gone.
alter table auth.users add column if not exists deleted_at timestamptz;
create index if not exists users_email_change_token_new_idx on auth.users (email_change_token_new) where email_change_token_new <> '';
create index if not exists users_email_change_token_current_idx on auth.users (email_change_token_current) where email_change_token_current <> '';

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  not_after timestamptz,
  user_agent text,
  ip inet
);
comment on table auth.sessions is 'Sign-in sessions of the local auth server (the shape of Supabase Auth''s auth.sessions).';
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) unique,
  user_id uuid references auth.users (id) on delete cascade,
  session_id uuid references auth.sessions (id) on delete cascade,
  parent varchar(255),
  revoked boolean default false,
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
comment on table auth.refresh_tokens is 'Refresh tokens of the local auth server. token holds the SHA-256 hex digest of the token, never the token itself.';
comment on column auth.refresh_tokens.token is 'SHA-256 hex digest of the refresh token (the token itself is never stored).';
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);
create index if not exists refresh_tokens_user_id_idx on auth.refresh_tokens (user_id);

-- only the owner and service_role touch the auth tables
revoke all on auth.users, auth.sessions, auth.refresh_tokens from public, anon, authenticated;
revoke all on sequence auth.refresh_tokens_id_seq from public, anon, authenticated;
grant all on auth.users, auth.sessions, auth.refresh_tokens to service_role;
grant all on sequence auth.refresh_tokens_id_seq to service_role;

-- Fixed-window request counters of the local auth server (sign-in and sign-up per client IP).
create table if not exists auth.rate_limits (
  key text primary key,
  window_start timestamptz not null,
  hits integer not null
);
comment on table auth.rate_limits is 'Fixed-window request counters of the local auth server (sign-in and sign-up per client IP).';
create index if not exists rate_limits_window_start_idx on auth.rate_limits (window_start);
revoke all on auth.rate_limits from public, anon, authenticated;
grant all on auth.rate_limits to service_role;
