-- The admin console (issue #14): admin-only reads and money actions, enforced by the database itself, and an
-- audit log of every admin action.
--
-- Every admin_* function is SECURITY DEFINER and starts with private.require_admin(): the caller (auth.uid(),
-- from the request's JWT claims) must be a user whose role is 'admin', else 42501 and nothing is read or
-- written. The api checks the same before it calls them; hosted Supabase exposes public functions through its
-- Data API, where this check is the only one. Money moves through private.post_ledger_entry, as everywhere.

alter table public.users
  add constraint users_role_known check (role in ('customer', 'admin'));

-- the audit log -------------------------------------------------------------------------------------------

create table private.audit_log (
  id bigint generated always as identity primary key,
  -- no foreign keys: deleting an account never rewrites what was done to it or by it
  actor_id uuid not null,
  action text not null check (action ~ '^[a-z_]+\.[a-z_]+$' and length(action) <= 64),
  target_user_id uuid,
  subject text check (length(subject) <= 200),
  before jsonb,
  after jsonb,
  reason text check (length(reason) <= 500),
  created_at timestamptz not null default now()
);
comment on table private.audit_log is 'Every admin action (issue #14): who, what, when, before and after. Append-only for every role: rows are inserted by the admin_* functions and never changed or removed.';
create index audit_log_created_at_idx on private.audit_log (created_at desc, id desc);
create index audit_log_target_idx on private.audit_log (target_user_id, created_at desc);

create or replace function private.refuse_audit_log_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'the audit log is append-only: % is not allowed', tg_op
    using errcode = 'insufficient_privilege';
end;
$$;
revoke all on function private.refuse_audit_log_change() from public, anon, authenticated;
create trigger audit_log_no_update_or_delete
  before update or delete on private.audit_log
  for each row execute function private.refuse_audit_log_change();
create trigger audit_log_no_truncate
  before truncate on private.audit_log
  for each statement execute function private.refuse_audit_log_change();

revoke all on table private.audit_log from public, anon, authenticated, service_role;
grant select, insert on table private.audit_log to service_role;

-- who may ------------------------------------------------------------------------------------------------

/** The signed-in admin's id, or 42501. */
create or replace function private.require_admin()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
begin
  if v_user is null or not exists (select 1 from public.users u where u.id = v_user and u.role = 'admin') then
    raise exception 'admin only' using errcode = 'insufficient_privilege';
  end if;
  return v_user;
end;
$$;
revoke all on function private.require_admin() from public, anon, authenticated;

create or replace function private.audit(p_actor uuid, p_action text, p_target uuid, p_subject text, p_before jsonb, p_after jsonb, p_reason text)
returns bigint
language sql
security definer
set search_path = ''
as $$
  insert into private.audit_log (actor_id, action, target_user_id, subject, before, after, reason)
  values (p_actor, p_action, p_target, p_subject, p_before, p_after, p_reason)
  returning id;
$$;
revoke all on function private.audit(uuid, text, uuid, text, jsonb, jsonb, text) from public, anon, authenticated;

/** Why an admin moved money: 3 to 500 characters, trimmed; else 22023. */
create or replace function private.required_reason(p_reason text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_reason is null or length(btrim(p_reason)) < 3 or length(p_reason) > 500 then
    raise exception 'a reason of 3 to 500 characters is required' using errcode = 'invalid_parameter_value';
  end if;
  return btrim(p_reason);
end;
$$;
revoke all on function private.required_reason(text) from public, anon, authenticated;

-- the money in a user's row as the console shows it
create or replace function private.admin_user_json(p_user public.users)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_user.id,
    'email', p_user.email,
    'firstName', p_user.first_name,
    'lastName', p_user.last_name,
    'role', p_user.role,
    'balance', p_user.balance::text,
    'held', p_user.held::text,
    'createdAt', to_char(p_user.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  );
$$;
revoke all on function private.admin_user_json(public.users) from public, anon, authenticated;

create or replace function private.iso(p_at timestamptz)
returns text
language sql
immutable
set search_path = ''
as $$
  select to_char(p_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
$$;
revoke all on function private.iso(timestamptz) from public, anon, authenticated;

-- reads --------------------------------------------------------------------------------------------------

/** The dashboard: counts now, today (UTC) and over the last p_days days, and a series by day. */
create or replace function public.admin_dashboard(p_days integer default 30)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_today date := (now() at time zone 'UTC')::date;
  v_from date;
  v_result jsonb;
begin
  perform private.require_admin();
  if p_days is null or p_days < 1 or p_days > 366 then
    raise exception 'days must be from 1 to 366' using errcode = 'invalid_parameter_value';
  end if;
  v_from := v_today - (p_days - 1);

  with days as (
    select d::date as day from generate_series(v_from, v_today, interval '1 day') d
  ),
  call_days as (
    select (c.created_at at time zone 'UTC')::date as day,
           count(*) filter (where c.call_direction = 'outbound') as calls,
           coalesce(sum(c.billed_seconds), 0) as billed_seconds
    from public.calls c
    where c.created_at >= v_from::timestamp at time zone 'UTC'
    group by 1
  ),
  money_days as (
    select (t.created_at at time zone 'UTC')::date as day,
           coalesce(sum(t.amount) filter (where t.type in ('credit_purchase', 'auto_recharge')), 0) as top_ups,
           coalesce(-sum(t.amount) filter (where t.type in ('call_charge', 'number_purchase', 'number_renewal')), 0) as charges
    from public.transactions t
    where t.status = 'completed' and t.created_at >= v_from::timestamp at time zone 'UTC'
    group by 1
  ),
  series as (
    select d.day, coalesce(c.calls, 0) as calls, coalesce(c.billed_seconds, 0) as billed_seconds,
           coalesce(m.top_ups, 0) as top_ups, coalesce(m.charges, 0) as charges
    from days d left join call_days c using (day) left join money_days m using (day)
  ),
  finished as (
    select count(*) as finished, count(*) filter (where c.answered_at is not null) as answered,
           avg(c.duration) filter (where c.answered_at is not null) as average_seconds
    from public.calls c
    where c.call_direction = 'outbound' and c.end_time is not null
      and c.created_at >= v_from::timestamp at time zone 'UTC'
  )
  select jsonb_build_object(
    'days', p_days,
    'users', (select count(*) from public.users),
    'activeCalls', (select count(*) from public.calls c where c.status in ('queued', 'ringing', 'in-progress') and c.end_time is null),
    'totalBalance', (select coalesce(sum(u.balance), 0)::numeric(12, 2)::text from public.users u),
    'today', (select jsonb_build_object('calls', s.calls, 'minutes', round(s.billed_seconds / 60.0, 1)::text,
                                        'topUps', s.top_ups::numeric(12, 2)::text, 'charges', s.charges::numeric(12, 2)::text)
              from series s where s.day = v_today),
    'period', (select jsonb_build_object('calls', coalesce(sum(s.calls), 0), 'minutes', round(coalesce(sum(s.billed_seconds), 0) / 60.0, 1)::text,
                                         'topUps', coalesce(sum(s.top_ups), 0)::numeric(12, 2)::text, 'charges', coalesce(sum(s.charges), 0)::numeric(12, 2)::text)
               from series s),
    'answerRate', (select case when f.finished = 0 then null else round(f.answered::numeric / f.finished, 4)::text end from finished f),
    'averageCallSeconds', (select case when f.average_seconds is null then null else round(f.average_seconds)::int end from finished f),
    'series', (select jsonb_agg(jsonb_build_object('day', s.day::text, 'calls', s.calls, 'minutes', round(s.billed_seconds / 60.0, 1)::text,
                                                   'topUps', s.top_ups::numeric(12, 2)::text, 'charges', s.charges::numeric(12, 2)::text) order by s.day)
               from series s)
  ) into v_result;
  return v_result;
end;
$$;

/** Users whose e-mail or name contains p_search (any case), newest first, a page at a time, and how many match. */
create or replace function public.admin_users(p_search text, p_limit integer, p_offset integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_pattern text := '%' || lower(replace(replace(replace(coalesce(p_search, ''), '\', '\\'), '%', '\%'), '_', '\_')) || '%';
begin
  perform private.require_admin();
  return (
    with matching as (
      select u.* from public.users u
      where lower(u.email) like v_pattern
         or lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) like v_pattern
    )
    select jsonb_build_object(
      'total', (select count(*) from matching),
      'users', coalesce((select jsonb_agg(private.admin_user_json(m) order by m.created_at desc, m.id)
                         from (select * from matching order by created_at desc, id limit p_limit offset p_offset) m), '[]'::jsonb)
    )
  );
end;
$$;

/** One user: the profile and money, the latest ledger entries, calls and numbers. Null when there is no such user. */
create or replace function public.admin_user(p_user uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user public.users;
begin
  perform private.require_admin();
  select * into v_user from public.users where id = p_user;
  if not found then
    return null;
  end if;
  return jsonb_build_object(
    'user', private.admin_user_json(v_user),
    'transactions', coalesce((
      select jsonb_agg(jsonb_build_object('id', t.id, 'type', t.type, 'amount', t.amount::text, 'status', t.status,
                                          'description', t.description, 'callId', t.call_id, 'createdAt', private.iso(t.created_at))
                       order by t.created_at desc, t.id)
      from (select * from public.transactions where user_id = p_user order by created_at desc, id limit 100) t), '[]'::jsonb),
    'calls', coalesce((
      select jsonb_agg(jsonb_build_object('id', c.id, 'destinationNumber', c.destination_number, 'direction', c.call_direction,
                                          'status', c.status, 'duration', c.duration, 'cost', c.cost::text, 'createdAt', private.iso(c.created_at))
                       order by c.created_at desc, c.id)
      from (select * from public.calls where user_id = p_user order by created_at desc, id limit 100) c), '[]'::jsonb),
    'numbers', coalesce((
      select jsonb_agg(jsonb_build_object('id', n.id, 'phoneNumber', n.phone_number, 'country', n.country, 'status', n.status,
                                          'monthlyPrice', n.monthly_price::text, 'renewsAt', private.iso(n.renews_at))
                       order by n.purchased_at desc, n.id)
      from public.virtual_numbers n where n.user_id = p_user), '[]'::jsonb)
  );
end;
$$;

/** Calls of everyone, newest first, filtered by user, status, destination prefix (a country's calling code) and
 *  UTC dates (inclusive); each with its itemised cost and its refund if any. */
create or replace function public.admin_calls(p_user uuid, p_status text, p_prefix text, p_from date, p_to date, p_limit integer, p_offset integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return (
    with matching as (
      select c.* from public.calls c
      where (p_user is null or c.user_id = p_user)
        and (p_status is null or c.status = p_status)
        and (p_prefix is null or c.destination_number like '+' || p_prefix || '%')
        and (p_from is null or c.created_at >= p_from::timestamp at time zone 'UTC')
        and (p_to is null or c.created_at < (p_to + 1)::timestamp at time zone 'UTC')
    )
    select jsonb_build_object(
      'total', (select count(*) from matching),
      'calls', coalesce((
        select jsonb_agg(jsonb_build_object(
                 'id', m.id, 'userId', m.user_id, 'userEmail', u.email, 'destinationNumber', m.destination_number,
                 'fromNumber', m.from_number, 'direction', m.call_direction, 'status', m.status,
                 'rateName', m.rate_name, 'ratePerMinute', m.rate::text, 'connectionFee', m.connection_fee::text,
                 'duration', m.duration, 'billedSeconds', m.billed_seconds, 'cost', m.cost::text,
                 'refunded', (select r.amount::text from public.transactions r where r.type = 'refund' and r.call_id = m.id),
                 'createdAt', private.iso(m.created_at)) order by m.created_at desc, m.id)
        from (select * from matching order by created_at desc, id limit p_limit offset p_offset) m
        join public.users u on u.id = m.user_id), '[]'::jsonb)
    )
  );
end;
$$;

/** Money by UTC day and kind between two dates (inclusive): top-ups, charges, refunds and adjustments. */
create or replace function public.admin_financial(p_from date, p_to date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  if p_from is null or p_to is null or p_from > p_to or p_to - p_from > 366 then
    raise exception 'from and to must be dates at most 366 days apart, from first' using errcode = 'invalid_parameter_value';
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object('day', x.day::text, 'topUps', x.top_ups::text, 'charges', x.charges::text,
                                        'refunds', x.refunds::text, 'adjustments', x.adjustments::text, 'entries', x.entries) order by x.day)
    from (
      select d.day,
             coalesce(sum(t.amount) filter (where t.type in ('credit_purchase', 'auto_recharge')), 0)::numeric(12, 2) as top_ups,
             coalesce(-sum(t.amount) filter (where t.type in ('call_charge', 'number_purchase', 'number_renewal')), 0)::numeric(12, 2) as charges,
             coalesce(sum(t.amount) filter (where t.type = 'refund'), 0)::numeric(12, 2) as refunds,
             coalesce(sum(t.amount) filter (where t.type = 'adjustment'), 0)::numeric(12, 2) as adjustments,
             count(t.id) as entries
      from (select g::date as day from generate_series(p_from, p_to, interval '1 day') g) d
      left join public.transactions t
        on t.status = 'completed'
       and t.created_at >= d.day::timestamp at time zone 'UTC' and t.created_at < (d.day + 1)::timestamp at time zone 'UTC'
      group by d.day
    ) x
  ), '[]'::jsonb);
end;
$$;

/** The ledger check of `bun run ledger:verify`: every user whose balance is not the sum of their entries. */
create or replace function public.admin_ledger_check()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return jsonb_build_object(
    'users', (select count(*) from public.users),
    'entries', (select count(*) from public.transactions),
    'differences', coalesce((select jsonb_agg(jsonb_build_object('userId', d.user_id, 'email', d.email, 'balance', d.balance::text,
                                                                  'ledger', d.ledger::text, 'difference', d.difference::text))
                             from private.ledger_differences() d), '[]'::jsonb)
  );
end;
$$;

/** The audit log, newest first, p_limit entries before the entry p_before (null: from the newest). */
create or replace function public.admin_audit_log(p_limit integer, p_before bigint)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return coalesce((
    select jsonb_agg(jsonb_build_object('id', a.id, 'actorId', a.actor_id, 'actorEmail', actor.email, 'action', a.action,
                                        'targetUserId', a.target_user_id, 'targetEmail', target.email, 'subject', a.subject,
                                        'before', a.before, 'after', a.after, 'reason', a.reason, 'createdAt', private.iso(a.created_at))
                     order by a.id desc)
    from (select * from private.audit_log l where p_before is null or l.id < p_before order by l.id desc limit p_limit) a
    left join public.users actor on actor.id = a.actor_id
    left join public.users target on target.id = a.target_user_id
  ), '[]'::jsonb);
end;
$$;

-- actions ------------------------------------------------------------------------------------------------

/** A balance adjustment: an `adjustment` ledger entry (never a direct balance edit), with a required reason. */
create or replace function public.admin_adjust_balance(p_user uuid, p_amount numeric, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_admin uuid := private.require_admin();
  v_reason text := private.required_reason(p_reason);
  v_before numeric(10, 2);
  v_entry public.transactions;
  v_after numeric(10, 2);
begin
  if p_amount is null or p_amount = 0 or p_amount <> round(p_amount, 2) or abs(p_amount) > 10000 then
    raise exception 'the amount must be a non-zero amount of dollars and cents, at most 10000.00 either way' using errcode = 'invalid_parameter_value';
  end if;
  select balance into v_before from public.users where id = p_user;
  if not found then
    raise exception 'no such user' using errcode = 'no_data_found';
  end if;
  v_entry := private.post_ledger_entry(p_user, 'adjustment', p_amount, 'Adjustment: ' || v_reason);
  select balance into v_after from public.users where id = p_user;
  perform private.audit(v_admin, 'balance.adjust', p_user, v_entry.id::text,
                        jsonb_build_object('balance', v_before::text), jsonb_build_object('balance', v_after::text, 'amount', p_amount::numeric(10, 2)::text),
                        v_reason);
  return jsonb_build_object('transactionId', v_entry.id, 'amount', v_entry.amount::text, 'balance', v_after::text);
end;
$$;

/** A user's role: customer or admin. An admin cannot take their own admin role away (someone must remain). */
create or replace function public.admin_set_role(p_user uuid, p_role text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_admin uuid := private.require_admin();
  v_before text;
begin
  if p_role is null or p_role not in ('customer', 'admin') then
    raise exception 'the role must be customer or admin' using errcode = 'invalid_parameter_value';
  end if;
  select role into v_before from public.users where id = p_user for update;
  if not found then
    raise exception 'no such user' using errcode = 'no_data_found';
  end if;
  if p_user = v_admin and p_role <> 'admin' then
    raise exception 'you cannot take your own admin role away' using errcode = 'invalid_parameter_value';
  end if;
  if v_before <> p_role then
    update public.users set role = p_role where id = p_user;
    perform private.audit(v_admin, 'user.role', p_user, null, jsonb_build_object('role', v_before), jsonb_build_object('role', p_role), null);
  end if;
  return jsonb_build_object('userId', p_user, 'role', p_role);
end;
$$;

/** Refunds what a call cost: a `refund` entry, at most once per call (a second refund is refused). */
create or replace function public.admin_refund_call(p_call uuid, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_admin uuid := private.require_admin();
  v_reason text := private.required_reason(p_reason);
  v_call public.calls;
  v_charged numeric(10, 2);
  v_before numeric(10, 2);
  v_entry public.transactions;
begin
  select * into v_call from public.calls where id = p_call;
  if not found then
    raise exception 'no such call' using errcode = 'no_data_found';
  end if;
  -- the user's row lock (taken again by post_ledger_entry) serialises two refunds of one call
  select balance into v_before from public.users where id = v_call.user_id for update;
  if exists (select 1 from public.transactions t where t.type = 'refund' and t.call_id = p_call) then
    raise exception 'this call has already been refunded' using errcode = 'unique_violation';
  end if;
  select -t.amount into v_charged from public.transactions t
   where t.type = 'call_charge' and t.call_id = p_call and t.status = 'completed';
  if v_charged is null or v_charged <= 0 then
    raise exception 'this call was not charged: there is nothing to refund' using errcode = 'invalid_parameter_value';
  end if;
  v_entry := private.post_ledger_entry(v_call.user_id, 'refund', v_charged, 'Refund: ' || v_reason, p_call);
  perform private.audit(v_admin, 'call.refund', v_call.user_id, p_call::text,
                        jsonb_build_object('balance', v_before::text),
                        jsonb_build_object('balance', (v_before + v_charged)::text, 'amount', v_charged::text), v_reason);
  return jsonb_build_object('transactionId', v_entry.id, 'amount', v_entry.amount::text, 'callId', p_call);
end;
$$;

/** Makes functions callable by signed-in users and the service role only (each checks who may, itself). */
create or replace function private.expose_to_signed_in(p_functions text[])
returns void
language plpgsql
set search_path = ''
as $$
declare
  f text;
begin
  foreach f in array p_functions loop
    execute format('revoke all on function %s from public, anon', f);
    execute format('grant execute on function %s to authenticated, service_role', f);
  end loop;
end;
$$;
revoke all on function private.expose_to_signed_in(text[]) from public, anon, authenticated;

-- signed-in users may call them; each one lets only admins through
select private.expose_to_signed_in(array['public.admin_dashboard(integer)', 'public.admin_users(text, integer, integer)', 'public.admin_user(uuid)',
  'public.admin_calls(uuid, text, text, date, date, integer, integer)', 'public.admin_financial(date, date)',
  'public.admin_ledger_check()', 'public.admin_audit_log(integer, bigint)', 'public.admin_adjust_balance(uuid, numeric, text)',
  'public.admin_set_role(uuid, text)', 'public.admin_refund_call(uuid, text)']);

/** Makes an existing account an admin (bun run admin:grant EMAIL): privileged code only, and audited. */
create or replace function private.grant_admin(p_email text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid;
  v_before text;
begin
  select id, role into v_user, v_before from public.users where lower(email) = lower(btrim(p_email)) for update;
  if not found then
    raise exception 'no account has the e-mail %', p_email using errcode = 'no_data_found';
  end if;
  if v_before <> 'admin' then
    update public.users set role = 'admin' where id = v_user;
    -- the actor of a grant from the command line is the account itself
    perform private.audit(v_user, 'user.role', v_user, 'admin:grant', jsonb_build_object('role', v_before), jsonb_build_object('role', 'admin'), 'granted from the command line');
  end if;
  return v_user;
end;
$$;
revoke all on function private.grant_admin(text) from public, anon, authenticated;
grant execute on function private.grant_admin(text) to service_role;
