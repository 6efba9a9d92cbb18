-- Private schema: functions the api roles never call directly (triggers, privileged money movement).
-- anon and authenticated have no usage on it; service_role (privileged server code) does.
-- Also the shared trigger function that keeps updated_at current.

create schema if not exists private;
comment on schema private is 'Functions and helpers that the api roles anon and authenticated cannot reach; security definer code lives here.';
revoke all on schema private from public, anon, authenticated;
grant usage on schema private to service_role;

create or replace function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
comment on function private.set_updated_at() is 'Before-update trigger: sets updated_at to the transaction time.';
revoke all on function private.set_updated_at() from public, anon, authenticated;
