-- Billing (issue: Stripe top-ups, auto-recharge, low-balance e-mails): the ledger completed with every entry
-- type the product needs and their sign rules, failed payments recorded without moving money, the Stripe
-- event log (each event settled once), the top-ups' checkout sessions, and the billing jobs (auto-recharge,
-- e-mails) that postings create in the same transaction, claimed by one api replica at a time.

-- entry types and their signs -------------------------------------------------------------------------------
-- credits: credit_purchase (a top-up, $5-$500, spec §9), auto_recharge (an off-session top-up), refund (money
-- given back to the balance, e.g. a call's charge); charges: call_charge, number_purchase, number_renewal;
-- adjustment: an admin's correction, either sign, never zero.

alter table public.transactions drop constraint transactions_type_check;
alter table public.transactions add constraint transactions_type_check check (
  type in ('credit_purchase', 'auto_recharge', 'refund', 'call_charge', 'number_purchase', 'number_renewal', 'adjustment')
);
alter table public.transactions drop constraint transactions_amount_sign_check;
alter table public.transactions add constraint transactions_amount_sign_check check (
  case
    when type = 'credit_purchase' then amount between 5.00 and 500.00
    when type = 'auto_recharge' then amount > 0 and amount <= 500.00
    when type = 'refund' then amount > 0
    when type in ('call_charge', 'number_purchase', 'number_renewal') then amount <= 0
    else amount <> 0
  end
);
comment on column public.transactions.amount is 'Signed dollars, 2 decimals. credit_purchase 5.00-500.00, auto_recharge and refund positive; call_charge, number_purchase and number_renewal zero or negative; adjustment either sign. A failed entry moved no money.';

-- the history list pages by (created_at, id)
drop index if exists public.transactions_user_id_created_at_idx;
create index transactions_user_id_created_at_idx on public.transactions (user_id, created_at desc, id desc);

-- low-balance alerts: sent once per crossing below the threshold, re-armed when the balance is back above it
alter table public.users add column low_balance_alert_armed boolean not null default true;
comment on column public.users.low_balance_alert_armed is 'True until a low-balance alert is sent for the current crossing below the threshold; set again when the balance rises to the threshold or above. Privileged code only.';

-- billing jobs ----------------------------------------------------------------------------------------------

create table private.billing_jobs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  kind text not null check (kind in ('auto_recharge', 'low_balance_alert', 'payment_receipt', 'auto_recharge_failed')),
  payload jsonb not null default '{}',
  -- auto_recharge: pending → running (claimed) → awaiting_payment (PaymentIntent made) → done | failed;
  -- e-mails: pending → running → done | failed
  status text not null default 'pending' check (status in ('pending', 'running', 'awaiting_payment', 'done', 'failed')),
  attempts integer not null default 0,
  run_after timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table private.billing_jobs is 'Work the ledger creates in the posting''s own transaction (an auto-recharge, an e-mail) and api replicas claim with for update skip locked, so each runs once.';

-- at most one auto-recharge in flight per user
create unique index billing_jobs_one_auto_recharge_idx on private.billing_jobs (user_id)
  where kind = 'auto_recharge' and status in ('pending', 'running', 'awaiting_payment');
create index billing_jobs_due_idx on private.billing_jobs (run_after) where status in ('pending', 'running');

create trigger billing_jobs_set_updated_at
  before update on private.billing_jobs
  for each row execute function private.set_updated_at();

revoke all on table private.billing_jobs from public, anon, authenticated;
grant all on table private.billing_jobs to service_role;

-- the Stripe event log: an event id is settled once, in the same transaction as what it does --------------

create table private.stripe_events (
  id text primary key,
  type text not null,
  received_at timestamptz not null default now()
);
comment on table private.stripe_events is 'Stripe events already settled (event.id), inserted in the same transaction as their effect: a repeated or concurrent delivery finds its id and does nothing.';
revoke all on table private.stripe_events from public, anon, authenticated;
grant all on table private.stripe_events to service_role;

-- top-ups' checkout sessions --------------------------------------------------------------------------------

create table public.checkout_sessions (
  id text primary key,
  user_id uuid not null references public.users (id) on delete cascade,
  amount numeric(10, 2) not null check (amount between 5.00 and 500.00),
  status text not null default 'open' check (status in ('open', 'complete', 'expired')),
  payment_status text not null default 'unpaid' check (payment_status in ('paid', 'unpaid', 'no_payment_required')),
  payment_intent_id text,
  credited_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.checkout_sessions is 'A top-up''s Stripe Checkout Session: its amount as the api asked for it, its state as the events told it, and when the balance was credited. Written by privileged code only.';

alter table public.checkout_sessions enable row level security;
create index checkout_sessions_user_id_idx on public.checkout_sessions (user_id);
create trigger checkout_sessions_set_updated_at
  before update on public.checkout_sessions
  for each row execute function private.set_updated_at();

revoke all on table public.checkout_sessions from anon, authenticated;
grant select on table public.checkout_sessions to authenticated;
grant all on table public.checkout_sessions to service_role;

create policy "Users can view their own checkout sessions"
  on public.checkout_sessions
  for select
  to authenticated
  using (user_id = (select auth.uid()));

-- the ledger ------------------------------------------------------------------------------------------------

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
    -- a payment recorded as failed that succeeds after all (a retried PaymentIntent): its entry now counts
    update public.transactions set status = 'completed', amount = p_amount, description = coalesce(p_description, description)
      where id = v_entry.id returning * into v_entry;
  else
    if v_balance + p_amount < 0 then
      raise exception 'insufficient balance: % cannot cover % (user %)', v_balance, -p_amount, p_user_id
        using errcode = 'check_violation',
              hint = 'The balance may never go below zero.';
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
  'Posts one completed ledger entry and moves the user''s balance by p_amount (signed, 2 decimals) in the same transaction. Locks the user row; raises check_violation "insufficient balance" rather than going below zero; idempotent: a repeated (type, call_id) or stripe_payment_intent_id returns the existing entry without moving money again (a failed payment''s entry is completed instead). Creates the billing jobs the change calls for (after_balance_change). service_role only.';
revoke all on function private.post_ledger_entry(uuid, text, numeric, text, uuid, text) from public, anon, authenticated;
grant execute on function private.post_ledger_entry(uuid, text, numeric, text, uuid, text) to service_role;

create or replace function private.after_balance_change(p_user public.users, p_new_balance numeric, p_entry public.transactions)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- auto-recharge: a charge took the balance from the trigger or above to below it (one job per crossing;
  -- none while another is in flight, the unique index says so)
  if p_entry.amount < 0 and p_user.auto_recharge_enabled
     and p_user.balance >= p_user.auto_recharge_trigger and p_new_balance < p_user.auto_recharge_trigger then
    insert into private.billing_jobs (user_id, kind, payload)
    values (
      p_user.id, 'auto_recharge',
      jsonb_build_object('amount', p_user.auto_recharge_amount::text, 'trigger', p_user.auto_recharge_trigger::text, 'entryId', p_entry.id)
    )
    on conflict do nothing;
  end if;

  -- low-balance alert: once per crossing below the threshold, re-armed at the threshold or above
  if p_new_balance < p_user.low_balance_alert_threshold then
    if p_user.low_balance_alert_armed and p_user.low_balance_alert_enabled and p_entry.amount < 0 then
      insert into private.billing_jobs (user_id, kind, payload)
      values (
        p_user.id, 'low_balance_alert',
        jsonb_build_object('balance', p_new_balance::text, 'threshold', p_user.low_balance_alert_threshold::text, 'entryId', p_entry.id)
      );
      update public.users set low_balance_alert_armed = false where id = p_user.id;
    end if;
  elsif not p_user.low_balance_alert_armed then
    update public.users set low_balance_alert_armed = true where id = p_user.id;
  end if;

  -- a receipt for every payment credited
  if p_entry.type in ('credit_purchase', 'auto_recharge') and p_entry.stripe_payment_intent_id is not null then
    insert into private.billing_jobs (user_id, kind, payload)
    values (p_user.id, 'payment_receipt', jsonb_build_object('entryId', p_entry.id, 'balance', p_new_balance::text));
  end if;
end;
$$;
comment on function private.after_balance_change(public.users, numeric, public.transactions) is
  'Called by post_ledger_entry with the user row as it was before the entry, the new balance and the entry: creates the auto-recharge job of a crossing below the trigger, the low-balance alert of a crossing below the threshold (and re-arms it above), and the receipt of a credited payment.';
revoke all on function private.after_balance_change(public.users, numeric, public.transactions) from public, anon, authenticated;

create or replace function private.record_failed_payment(
  p_user_id uuid,
  p_type text,
  p_amount numeric,
  p_description text,
  p_stripe_payment_intent_id text
)
returns public.transactions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry public.transactions;
begin
  perform 1 from public.users u where u.id = p_user_id for update;
  if p_stripe_payment_intent_id is not null then
    select t.* into v_entry from public.transactions t where t.stripe_payment_intent_id = p_stripe_payment_intent_id;
    if v_entry.id is not null then
      return v_entry;
    end if;
  end if;
  insert into public.transactions (user_id, type, amount, description, stripe_payment_intent_id, status)
  values (p_user_id, p_type, p_amount, p_description, p_stripe_payment_intent_id, 'failed')
  returning * into v_entry;
  return v_entry;
end;
$$;
comment on function private.record_failed_payment(uuid, text, numeric, text, text) is
  'Records a payment that failed (e.g. an auto-recharge declined off-session, or one that could not be attempted: no PaymentIntent) as a failed entry: shown in the history, moves no money. Idempotent by PaymentIntent; a later success of the same PaymentIntent completes it through post_ledger_entry. service_role only.';
revoke all on function private.record_failed_payment(uuid, text, numeric, text, text) from public, anon, authenticated;
grant execute on function private.record_failed_payment(uuid, text, numeric, text, text) to service_role;

-- ledger verification ---------------------------------------------------------------------------------------

create or replace function private.ledger_differences()
returns table (user_id uuid, email text, balance numeric, ledger numeric, difference numeric)
language sql
stable
security definer
set search_path = ''
as $$
  select u.id, u.email, u.balance, coalesce(l.total, 0.00), u.balance - coalesce(l.total, 0.00)
  from public.users u
  left join (
    select t.user_id, sum(t.amount) as total from public.transactions t where t.status = 'completed' group by t.user_id
  ) l on l.user_id = u.id
  where u.balance <> coalesce(l.total, 0.00) or u.balance < 0
  order by u.email;
$$;
comment on function private.ledger_differences() is 'Every user whose balance is not the sum of their completed ledger entries, or is negative (bun run ledger:verify). Empty when the ledger holds.';
revoke all on function private.ledger_differences() from public, anon, authenticated;
grant execute on function private.ledger_differences() to service_role;
