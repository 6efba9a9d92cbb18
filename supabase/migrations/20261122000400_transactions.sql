-- Transactions (spec §3 transactions): the ledger. Each row is one ledger entry and a user's balance is
-- always the sum of their completed entries (ARCHITECTURE.md §6). Credits are positive, charges
-- negative. A call is charged once (unique type + call_id); a Stripe payment is credited once
-- (unique stripe_payment_intent_id). Money moves only through private.post_ledger_entry.

create table public.transactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  type text not null check (type in ('credit_purchase', 'call_charge', 'refund', 'number_purchase', 'auto_recharge')),
  amount numeric(10, 2) not null,
  description text,
  stripe_payment_intent_id text unique,
  call_id uuid references public.calls (id),
  status text not null default 'completed' check (status in ('pending', 'completed', 'failed')),
  created_at timestamptz not null default now(),
  constraint transactions_type_call_id_key unique (type, call_id),
  constraint transactions_amount_sign_check check (
    case
      when type in ('credit_purchase', 'auto_recharge') then amount > 0
      when type in ('call_charge', 'number_purchase') then amount <= 0
      else amount <> 0
    end
  )
);
comment on table public.transactions is 'Ledger entries (spec §3 transactions): credits positive, charges negative, 2 decimals. The balance equals the sum of completed entries. Written only by private.post_ledger_entry and privileged code.';
comment on column public.transactions.amount is 'Signed dollars: positive for credit_purchase, auto_recharge (and credit refunds), zero or negative for call_charge and number_purchase.';

alter table public.transactions enable row level security;

-- the policy reads user_id; this index also serves the history list
create index transactions_user_id_created_at_idx on public.transactions (user_id, created_at desc);
create index transactions_call_id_idx on public.transactions (call_id);

revoke all on table public.transactions from anon, authenticated;
grant select on table public.transactions to authenticated;
grant all on table public.transactions to service_role;

create policy "Users can view their own transactions"
  on public.transactions
  for select
  to authenticated
  using (user_id = (select auth.uid()));

-- the ledger --------------------------------------------------------------------------------------------------

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
  select u.balance into v_balance from public.users u where u.id = p_user_id for update;
  if not found then
    raise exception 'post_ledger_entry: user % does not exist', p_user_id
      using errcode = 'foreign_key_violation';
  end if;

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
    return v_entry;
  end if;

  if v_balance + p_amount < 0 then
    raise exception 'insufficient balance: % cannot cover % (user %)', v_balance, -p_amount, p_user_id
      using errcode = 'check_violation',
            hint = 'The balance may never go below zero.';
  end if;

  insert into public.transactions (user_id, type, amount, description, call_id, stripe_payment_intent_id, status)
  values (p_user_id, p_type, p_amount, p_description, p_call_id, p_stripe_payment_intent_id, 'completed')
  returning * into v_entry;

  update public.users set balance = v_balance + p_amount where id = p_user_id;
  return v_entry;
end;
$$;
comment on function private.post_ledger_entry(uuid, text, numeric, text, uuid, text) is
  'Posts one completed ledger entry and moves the user''s balance by p_amount (signed, 2 decimals) in the same transaction. Locks the user row; raises check_violation "insufficient balance" rather than going below zero; idempotent: a repeated (type, call_id) or stripe_payment_intent_id returns the existing entry without moving money again. service_role only.';
revoke all on function private.post_ledger_entry(uuid, text, numeric, text, uuid, text) from public, anon, authenticated;
grant execute on function private.post_ledger_entry(uuid, text, numeric, text, uuid, text) to service_role;
