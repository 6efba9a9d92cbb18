-- Auto-recharge below the trigger (issue: a user who switched auto-recharge on while already below the trigger was
-- never topped up: only a charge that crossed the trigger started a recharge). The rule now:
--
-- - A charge that leaves the balance below the trigger, with auto-recharge on, starts one recharge, unless
--   * one is in flight (pending, running, awaiting_payment: billing_jobs_one_auto_recharge_idx keeps it to one),
--   * the last one failed less than an hour ago and the user has done nothing since (auto_recharge_retry_after), or
--   * the balance was already below the trigger before the charge and an auto-recharge was credited less than an
--     hour ago (an amount that does not lift the balance over the trigger tops up at most once an hour; a charge
--     that crosses the trigger from at or above it recharges again at once, as before).
-- - A change of the auto-recharge settings (switched on, trigger, amount) that leaves auto-recharge on and the
--   balance below the trigger starts one at once, whatever the last one did: the user asked. It is due 15 seconds
--   after the last change (the settings page sends one change per control: on, then trigger, then amount), and a
--   recharge not tried yet follows the settings: it takes the new amount, and is dropped when auto-recharge is
--   switched off or the balance is no longer below the trigger.
-- - A failure (a failed auto_recharge entry, recorded once with its one e-mail) holds every automatic attempt for
--   an hour. The hold ends sooner when the user changes their auto-recharge settings or pays by card (a top-up: its
--   card is the one saved for off-session charges), the two things the failure e-mail asks for that the database
--   sees; a card changed in the provider's portal is not seen, so the hour also ends the hold, and the next charge
--   below the trigger tries again (one attempt, one e-mail, at most once an hour).
--
-- Every path holds it: postings (private.post_ledger_entry → after_balance_change) and settings updates (triggers
-- on public.users, whoever updates the row) both run under the user's row lock, and the unique index keeps one
-- recharge in flight across api processes.

alter table public.users add column auto_recharge_retry_after timestamptz;
comment on column public.users.auto_recharge_retry_after is 'After a failed auto-recharge: no automatic attempt before this time (the failure plus an hour). Cleared when the user changes an auto-recharge setting or pays by card. Privileged code only.';

-- the ledger's follow-up jobs -------------------------------------------------------------------------------

create or replace function private.after_balance_change(p_user public.users, p_new_balance numeric, p_entry public.transactions)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- auto-recharge: a charge that leaves the balance below the trigger (see the header of this migration)
  if p_entry.amount < 0 and p_user.auto_recharge_enabled and p_new_balance < p_user.auto_recharge_trigger
     and (p_user.auto_recharge_retry_after is null or p_user.auto_recharge_retry_after <= now())
     and (p_user.balance >= p_user.auto_recharge_trigger
          or not exists (
            select 1 from public.transactions t
            where t.user_id = p_user.id and t.type = 'auto_recharge' and t.status = 'completed'
              and t.created_at > now() - interval '1 hour'
          )) then
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

  -- a receipt for every payment credited; a card that pays ends the hold of a failed auto-recharge
  if p_entry.type in ('credit_purchase', 'auto_recharge') and p_entry.stripe_payment_intent_id is not null then
    insert into private.billing_jobs (user_id, kind, payload)
    values (p_user.id, 'payment_receipt', jsonb_build_object('entryId', p_entry.id, 'balance', p_new_balance::text));
    if p_user.auto_recharge_retry_after is not null then
      update public.users set auto_recharge_retry_after = null where id = p_user.id;
    end if;
  end if;
end;
$$;
comment on function private.after_balance_change(public.users, numeric, public.transactions) is
  'Called by post_ledger_entry with the user row as it was before the entry, the new balance and the entry: creates the auto-recharge job of a charge that leaves the balance below the trigger (none while one is in flight or a failure holds them; none within an hour of a credited one unless the charge crossed the trigger), the low-balance alert of a crossing below the threshold (and re-arms it above), and the receipt of a credited payment (which also ends a failure''s hold).';
revoke all on function private.after_balance_change(public.users, numeric, public.transactions) from public, anon, authenticated;

-- a failed auto-recharge holds the next ones for an hour ------------------------------------------------------

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
  if p_type = 'auto_recharge' then
    update public.users set auto_recharge_retry_after = now() + interval '1 hour' where id = p_user_id;
  end if;
  return v_entry;
end;
$$;
comment on function private.record_failed_payment(uuid, text, numeric, text, text) is
  'Records a payment that failed (e.g. an auto-recharge declined off-session, or one that could not be attempted: no PaymentIntent) as a failed entry: shown in the history, moves no money. A failed auto-recharge holds the automatic ones for an hour (users.auto_recharge_retry_after). Idempotent by PaymentIntent; a later success of the same PaymentIntent completes it through post_ledger_entry. service_role only.';
revoke all on function private.record_failed_payment(uuid, text, numeric, text, text) from public, anon, authenticated;
grant execute on function private.record_failed_payment(uuid, text, numeric, text, text) to service_role;

-- the settings: a change is the user's answer to a failure, and may start a recharge at once -----------------

create or replace function private.auto_recharge_settings_changed()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.auto_recharge_retry_after := null;
  return new;
end;
$$;
comment on function private.auto_recharge_settings_changed() is
  'Before-update trigger of public.users when an auto-recharge setting changes: ends the hold of a failed auto-recharge (the user has answered it).';
revoke all on function private.auto_recharge_settings_changed() from public, anon, authenticated;

create trigger users_auto_recharge_settings_changed
  before update of auto_recharge_enabled, auto_recharge_trigger, auto_recharge_amount on public.users
  for each row
  when ((old.auto_recharge_enabled, old.auto_recharge_trigger, old.auto_recharge_amount)
        is distinct from (new.auto_recharge_enabled, new.auto_recharge_trigger, new.auto_recharge_amount))
  execute function private.auto_recharge_settings_changed();

create or replace function private.auto_recharge_after_settings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not new.auto_recharge_enabled or new.balance >= new.auto_recharge_trigger then
    -- nothing to recharge: a recharge not tried yet is dropped (one already tried keeps its PaymentIntent's fate)
    delete from private.billing_jobs j
    where j.user_id = new.id and j.kind = 'auto_recharge' and j.status = 'pending' and j.attempts = 0;
    return null;
  end if;
  -- below the trigger: the recharge not tried yet takes the new settings and waits for the next change a moment;
  -- else one starts (unless one is in flight: the unique index)
  update private.billing_jobs j
  set payload = j.payload || jsonb_build_object('amount', new.auto_recharge_amount::text, 'trigger', new.auto_recharge_trigger::text),
      run_after = now() + interval '15 seconds'
  where j.user_id = new.id and j.kind = 'auto_recharge' and j.status = 'pending' and j.attempts = 0;
  if not found then
    insert into private.billing_jobs (user_id, kind, payload, run_after)
    values (
      new.id, 'auto_recharge',
      jsonb_build_object('amount', new.auto_recharge_amount::text, 'trigger', new.auto_recharge_trigger::text, 'reason', 'settings'),
      now() + interval '15 seconds'
    )
    on conflict do nothing;
  end if;
  return null;
end;
$$;
comment on function private.auto_recharge_after_settings() is
  'After-update trigger of public.users when an auto-recharge setting changes: with auto-recharge on and the balance below the trigger, starts a recharge (due in 15 s; none while one is in flight) or gives the one not tried yet the new amount; otherwise drops the one not tried yet.';
revoke all on function private.auto_recharge_after_settings() from public, anon, authenticated;

create trigger users_auto_recharge_after_settings
  after update of auto_recharge_enabled, auto_recharge_trigger, auto_recharge_amount on public.users
  for each row
  when ((old.auto_recharge_enabled, old.auto_recharge_trigger, old.auto_recharge_amount)
        is distinct from (new.auto_recharge_enabled, new.auto_recharge_trigger, new.auto_recharge_amount))
  execute function private.auto_recharge_after_settings();
