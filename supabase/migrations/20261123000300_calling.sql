-- Calling (issue: calling): what a call was priced at and may cost, the money it holds while it runs, one
-- outbound call at a time per user, a status that never leaves a terminal value, and its settlement (one
-- call_charge entry) exactly once. The cost itself is computed by the api (api/src/modules/calls/cost.ts) from
-- the rate kept here; the database keeps the hold and the balance consistent.

alter table public.users add column held numeric(10, 2) not null default 0 check (held >= 0);
comment on column public.users.held is 'Money held by calls in progress (what each may cost up to its time limit). Charges other than a call''s own settlement may only use balance - held. Privileged code only.';

alter table public.calls
  add column rate_id bigint,
  add column matched_prefix text,
  add column rate_name text,
  add column connection_fee numeric(10, 6) check (connection_fee >= 0),
  add column initial_increment integer check (initial_increment > 0),
  add column increment integer check (increment > 0),
  add column max_duration_seconds integer check (max_duration_seconds > 0),
  add column hold_amount numeric(10, 2) not null default 0 check (hold_amount >= 0),
  add column billed_seconds integer check (billed_seconds >= 0),
  add column dial_call_sid text,
  add column answered_at timestamptz,
  add column settled_at timestamptz,
  add column feedback_score smallint check (feedback_score between 1 and 5),
  add column feedback_issue text check (feedback_issue in ('audio-latency', 'choppy-audio', 'dropped-call', 'echo', 'noisy-call', 'one-way-audio')),
  add column feedback_at timestamptz,
  add constraint calls_destination_e164 check (destination_number ~ '^\+[1-9][0-9]{0,14}$' or call_direction = 'inbound');

-- one outbound call at a time per user: the database refuses a second one while the first is not over
create unique index calls_one_active_per_user_idx on public.calls (user_id)
  where call_direction = 'outbound' and status in ('queued', 'ringing', 'in-progress');
create index calls_dial_call_sid_idx on public.calls (dial_call_sid);
create index calls_unsettled_idx on public.calls (created_at) where settled_at is null;

comment on column public.calls.hold_amount is 'Money held while the call runs: its cost at max_duration_seconds. Released when the call is settled.';
comment on column public.calls.billed_seconds is 'Seconds billed: 0 when unanswered, else the initial increment plus later increments rounded up.';

-- the order of statuses; a terminal one never changes
create or replace function private.call_status_rank(p_status text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case p_status when 'queued' then 0 when 'ringing' then 1 when 'in-progress' then 2 else 3 end;
$$;
revoke all on function private.call_status_rank(text) from public, anon, authenticated;

-- the ledger: a charge may not use money held by calls in progress (a call's own settlement releases its hold first)
create or replace function private.post_ledger_entry(
  p_user_id uuid,
  p_type text,
  p_amount numeric,
  p_description text,
  p_call_id uuid default null,
  p_stripe_payment_intent_id text default null
)
returns public.transactions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user public.users;
  v_balance numeric(10, 2);
  v_entry public.transactions;
begin
  if p_user_id is null or p_type is null or p_amount is null then
    raise exception 'post_ledger_entry: user, type and amount are required'
      using errcode = 'null_value_not_allowed';
  end if;
  if p_amount <> round(p_amount, 2) then
    raise exception 'post_ledger_entry: amount % has more than 2 decimals (round once, in the caller)', p_amount
      using errcode = 'invalid_parameter_value';
  end if;

  -- one entry at a time per user: the row lock serialises concurrent postings and their idempotency checks
  select u.* into v_user from public.users u where u.id = p_user_id for update;
  if not found then
    raise exception 'post_ledger_entry: user % does not exist', p_user_id
      using errcode = 'foreign_key_violation';
  end if;
  v_balance := v_user.balance;

  -- idempotency: a repeated charge of a call, or a repeated Stripe payment, returns the first entry
  if p_call_id is not null then
    select t.* into v_entry from public.transactions t where t.type = p_type and t.call_id = p_call_id;
  end if;
  if v_entry.id is null and p_stripe_payment_intent_id is not null then
    select t.* into v_entry from public.transactions t where t.stripe_payment_intent_id = p_stripe_payment_intent_id;
  end if;
  if v_entry.id is not null then
    if v_entry.user_id <> p_user_id then
      raise exception 'post_ledger_entry: the entry for this call or payment belongs to another user'
        using errcode = 'unique_violation';
    end if;
    if v_entry.status <> 'failed' then
      return v_entry;
    end if;
    update public.transactions set status = 'completed', amount = p_amount, description = coalesce(p_description, description)
      where id = v_entry.id returning * into v_entry;
  else
    if p_amount < 0 and v_balance - v_user.held + p_amount < 0 then
      raise exception 'insufficient balance: % (% held by calls) cannot cover % (user %)', v_balance, v_user.held, -p_amount, p_user_id
        using errcode = 'check_violation',
              hint = 'The balance may never go below zero, nor below what calls in progress hold.';
    end if;
    insert into public.transactions (user_id, type, amount, description, call_id, stripe_payment_intent_id, status)
    values (p_user_id, p_type, p_amount, p_description, p_call_id, p_stripe_payment_intent_id, 'completed')
    returning * into v_entry;
  end if;

  update public.users set balance = v_balance + p_amount where id = p_user_id;
  perform private.after_balance_change(v_user, v_balance + p_amount, v_entry);
  return v_entry;
end;
$$;
comment on function private.post_ledger_entry(uuid, text, numeric, text, uuid, text) is
  'Posts one completed ledger entry and moves the user''s balance by p_amount (signed, 2 decimals) in the same transaction. Locks the user row; a charge raises check_violation "insufficient balance" rather than take the balance below zero or below what calls in progress hold; idempotent: a repeated (type, call_id) or stripe_payment_intent_id returns the existing entry without moving money again (a failed payment''s entry is completed instead). Creates the billing jobs the change calls for (after_balance_change). service_role only.';

create or replace function private.settle_call(
  p_call_id uuid,
  p_status text,
  p_duration integer,
  p_billed_seconds integer,
  p_cost numeric,
  p_end_reason text
)
returns public.calls
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_call public.calls;
begin
  select c.* into v_call from public.calls c where c.id = p_call_id for update;
  if not found then
    raise exception 'settle_call: call % does not exist', p_call_id using errcode = 'no_data_found';
  end if;
  if v_call.settled_at is not null then
    return v_call;
  end if;
  if private.call_status_rank(p_status) <> 3 then
    raise exception 'settle_call: % is not a final status', p_status using errcode = 'invalid_parameter_value';
  end if;
  if p_cost < 0 or p_cost > v_call.hold_amount and v_call.call_direction = 'outbound' then
    raise exception 'settle_call: cost % is outside 0..% (the hold)', p_cost, v_call.hold_amount using errcode = 'check_violation';
  end if;
  -- the hold goes first: the charge is paid from it
  update public.users set held = greatest(held - v_call.hold_amount, 0) where id = v_call.user_id;
  if p_cost > 0 then
    perform private.post_ledger_entry(v_call.user_id, 'call_charge', -p_cost,
      'Call to ' || v_call.destination_number || ' (' || p_billed_seconds / 60 || ' min ' || p_billed_seconds % 60 || ' s billed)', v_call.id);
  end if;
  update public.calls
  set status = p_status, duration = p_duration, billed_seconds = p_billed_seconds, cost = p_cost,
      end_reason = coalesce(p_end_reason, end_reason), end_time = coalesce(end_time, now()), settled_at = now(), hold_amount = 0
  where id = p_call_id
  returning * into v_call;
  return v_call;
end;
$$;
comment on function private.settle_call(uuid, text, integer, integer, numeric, text) is
  'Ends a call once: releases its hold, posts its cost (computed by the api from the call''s rate, at most the hold) as one call_charge entry, and records its final status, duration and billed seconds. Idempotent: a settled call is returned as it is. service_role only.';
revoke all on function private.settle_call(uuid, text, integer, integer, numeric, text) from public, anon, authenticated;
grant execute on function private.settle_call(uuid, text, integer, integer, numeric, text) to service_role;
