-- The rate deck in the admin console (issue #14): the deck by country, imports and edits (new rows with their
-- effective dates, never changes in place) and blocked prefixes, which calls refuse. Each admin change is in
-- the audit log. `bun run rates:import` stores through the same private.store_rates.

-- storing rows -------------------------------------------------------------------------------------------

/** Stores validated deck rows (jsonb array of {line, prefix, country, name, number_type, price_per_minute,
 *  initial_increment, increment, connection_fee, effective_from}) in one go: {"clashes": [...]} when a row
 *  starts at the same time as a stored one of its prefix and type (nothing stored), else {"imported": n}. */
create or replace function private.store_rates(p_rows jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_clashes jsonb;
  v_imported integer;
begin
  -- an import waits for a seed or another import in progress (api/src/modules/rates/seed.ts: rateDeckLockKey)
  perform pg_advisory_xact_lock(491261289843); -- 0x7261746573, "rates"
  select jsonb_agg(jsonb_build_object('line', s.line, 'prefix', s.prefix, 'numberType', s.number_type) order by s.line)
    into v_clashes
    from jsonb_to_recordset(p_rows) as s(line int, prefix text, number_type text, effective_from timestamptz)
    join public.rates r on r.prefix = s.prefix and r.number_type = s.number_type and r.effective_from = coalesce(s.effective_from, now());
  if v_clashes is not null then
    return jsonb_build_object('clashes', v_clashes);
  end if;
  with inserted as (
    insert into public.rates (prefix, country, name, number_type, price_per_minute, initial_increment, increment, connection_fee, effective_from)
    select s.prefix, s.country, s.name, s.number_type, s.price_per_minute, s.initial_increment, s.increment, s.connection_fee,
           coalesce(s.effective_from, now())
    from jsonb_to_recordset(p_rows) as s(line int, prefix text, country text, name text, number_type text, price_per_minute numeric,
                                         initial_increment int, increment int, connection_fee numeric, effective_from timestamptz)
    returning 1
  )
  select count(*)::int into v_imported from inserted;
  return jsonb_build_object('imported', v_imported);
end;
$$;
revoke all on function private.store_rates(jsonb) from public, anon, authenticated;
grant execute on function private.store_rates(jsonb) to service_role;

/** An admin's import (p_action 'rates.import') or edit ('rates.edit') of deck rows, audited with its rows. */
create or replace function public.admin_store_rates(p_rows jsonb, p_action text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_admin uuid := private.require_admin();
  v_result jsonb;
begin
  if p_action not in ('rates.import', 'rates.edit') then
    raise exception 'unknown action %', p_action using errcode = 'invalid_parameter_value';
  end if;
  v_result := private.store_rates(p_rows);
  if v_result ? 'imported' then
    perform private.audit(v_admin, p_action, null, null, null,
                          jsonb_build_object('imported', v_result -> 'imported',
                                             'rows', case when jsonb_array_length(p_rows) <= 20 then p_rows else null end), null);
  end if;
  return v_result;
end;
$$;

/** The deck of one country: every row in force and every row that starts later, by prefix and type. */
create or replace function public.admin_rates(p_country text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'id', r.id, 'prefix', r.prefix, 'name', r.name, 'numberType', r.number_type,
             'pricePerMinute', r.price_per_minute::text, 'connectionFee', r.connection_fee::text,
             'initialIncrement', r.initial_increment, 'increment', r.increment,
             'effectiveFrom', private.iso(r.effective_from), 'current', r.effective_from <= now())
           order by r.prefix, r.number_type, r.effective_from)
    from public.rates r
    where r.country = upper(p_country)
      and (r.effective_from > now()
           or r.effective_from = (select max(l.effective_from) from public.rates l
                                  where l.prefix = r.prefix and l.number_type = r.number_type and l.effective_from <= now()))
  ), '[]'::jsonb);
end;
$$;

-- blocked prefixes ---------------------------------------------------------------------------------------

create table public.blocked_prefixes (
  prefix text primary key check (prefix ~ '^[0-9]{1,15}$'),
  reason text not null check (length(btrim(reason)) between 3 and 500),
  created_by uuid,
  created_at timestamptz not null default now()
);
comment on table public.blocked_prefixes is 'Destinations no call may reach (fraud, abuse): every number starting with one of these E.164 digit prefixes. Set by admins; calls refuse them (the api, and a trigger on public.calls).';
alter table public.blocked_prefixes enable row level security;
revoke all on table public.blocked_prefixes from anon, authenticated;
grant all on table public.blocked_prefixes to service_role;

/** The longest blocked prefix a number (E.164) starts with, or null. */
create or replace function private.blocked_prefix_of(p_number text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select b.prefix from public.blocked_prefixes b
  where ltrim(p_number, '+') like b.prefix || '%'
  order by length(b.prefix) desc
  limit 1;
$$;
revoke all on function private.blocked_prefix_of(text) from public, anon, authenticated;
grant execute on function private.blocked_prefix_of(text) to service_role;

create or replace function private.refuse_blocked_destination()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_prefix text;
begin
  if new.call_direction = 'outbound' then
    v_prefix := private.blocked_prefix_of(new.destination_number);
    if v_prefix is not null then
      raise exception 'calls to numbers starting +% are blocked', v_prefix using errcode = 'check_violation', constraint = 'calls_destination_not_blocked';
    end if;
  end if;
  return new;
end;
$$;
revoke all on function private.refuse_blocked_destination() from public, anon, authenticated;
create trigger calls_destination_not_blocked
  before insert on public.calls
  for each row execute function private.refuse_blocked_destination();

create or replace function public.admin_blocked_prefixes()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return coalesce((
    select jsonb_agg(jsonb_build_object('prefix', b.prefix, 'reason', b.reason, 'createdAt', private.iso(b.created_at)) order by b.prefix)
    from public.blocked_prefixes b
  ), '[]'::jsonb);
end;
$$;

create or replace function public.admin_block_prefix(p_prefix text, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_admin uuid := private.require_admin();
  v_reason text := private.required_reason(p_reason);
begin
  if p_prefix is null or p_prefix !~ '^[0-9]{1,15}$' then
    raise exception 'a prefix is 1 to 15 digits, with the calling code' using errcode = 'invalid_parameter_value';
  end if;
  insert into public.blocked_prefixes (prefix, reason, created_by) values (p_prefix, v_reason, v_admin)
  on conflict (prefix) do update set reason = excluded.reason;
  perform private.audit(v_admin, 'rates.block', null, p_prefix, null, jsonb_build_object('prefix', p_prefix), v_reason);
  return jsonb_build_object('prefix', p_prefix, 'reason', v_reason);
end;
$$;

create or replace function public.admin_unblock_prefix(p_prefix text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_admin uuid := private.require_admin();
  v_reason text;
begin
  delete from public.blocked_prefixes where prefix = p_prefix returning reason into v_reason;
  if not found then
    raise exception 'the prefix % is not blocked', p_prefix using errcode = 'no_data_found';
  end if;
  perform private.audit(v_admin, 'rates.unblock', null, p_prefix, jsonb_build_object('prefix', p_prefix, 'reason', v_reason), null, null);
  return jsonb_build_object('prefix', p_prefix);
end;
$$;

select private.expose_to_signed_in(array['public.admin_store_rates(jsonb, text)', 'public.admin_rates(text)', 'public.admin_blocked_prefixes()',
  'public.admin_block_prefix(text, text)', 'public.admin_unblock_prefix(text)']);
