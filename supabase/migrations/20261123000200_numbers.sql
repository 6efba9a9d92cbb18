-- Virtual numbers and caller IDs (issue: numbers and caller IDs): a number's life (reserved while it is bought
-- from the carrier, active while paid, a grace period when a renewal could not be paid, released), its
-- purchase and monthly renewals as ledger entries (each period charged at most once, whichever api replica
-- runs the renewal), and the database's own checks on what privileged code writes.

-- virtual numbers ------------------------------------------------------------------------------------------

alter table public.virtual_numbers
  add column number_type text not null default 'local' check (number_type in ('local', 'mobile', 'toll-free')),
  add column locality text,
  -- pending: reserved while the carrier sells it (no money moved yet); active: paid until renews_at;
  -- grace: the renewal due at renews_at could not be paid, released at grace_ends_at unless paid; released: gone
  add column status text not null default 'active' check (status in ('pending', 'active', 'grace', 'released')),
  add column renews_at timestamptz,
  add column grace_ends_at timestamptz,
  add column released_at timestamptz,
  add column release_reason text check (release_reason in ('user', 'unpaid', 'purchase_failed')),
  add constraint virtual_numbers_phone_number_e164 check (phone_number ~ '^\+[1-9][0-9]{6,14}$'),
  add constraint virtual_numbers_country_code check (country ~ '^[A-Z]{2}$'),
  add constraint virtual_numbers_grace_check check ((status = 'grace') = (grace_ends_at is not null)),
  add constraint virtual_numbers_released_check check ((status = 'released') = (released_at is not null)),
  add constraint virtual_numbers_sid_check check (twilio_sid is not null or status in ('pending', 'released'));

-- spec §3 isActive: what the user can use (paid, or in its grace period)
alter table public.virtual_numbers drop column is_active;
alter table public.virtual_numbers add column is_active boolean generated always as (status in ('active', 'grace')) stored;

-- a number belongs to one user at a time: unique among numbers that are not released (a released number may be
-- bought again, by anyone)
alter table public.virtual_numbers drop constraint virtual_numbers_phone_number_key;
alter table public.virtual_numbers drop constraint virtual_numbers_user_id_phone_number_key;
create unique index virtual_numbers_phone_number_key on public.virtual_numbers (phone_number) where status <> 'released';
create index virtual_numbers_user_id_idx on public.virtual_numbers (user_id, purchased_at desc);
create index virtual_numbers_due_idx on public.virtual_numbers (renews_at) where status in ('active', 'grace');

comment on column public.virtual_numbers.status is 'pending (reserved while the carrier sells it), active (paid until renews_at), grace (the renewal due at renews_at is unpaid; released at grace_ends_at unless paid), released.';
comment on column public.virtual_numbers.renews_at is 'The end of the period paid for: the next month is charged then.';

-- each period of a number is charged once: the renewal inserts its (number, period) key with the ledger entry
create table private.number_renewals (
  virtual_number_id uuid not null references public.virtual_numbers (id) on delete cascade,
  period_start timestamptz not null,
  transaction_id uuid not null references public.transactions (id),
  created_at timestamptz not null default now(),
  primary key (virtual_number_id, period_start)
);
comment on table private.number_renewals is 'The renewal periods paid: one row (and one number_renewal ledger entry) per number and period start, so two replicas renewing at once cannot charge a month twice.';
revoke all on table private.number_renewals from public, anon, authenticated;
grant all on table private.number_renewals to service_role;

-- numbers' e-mails go through the billing jobs (claimed once by any replica)
alter table private.billing_jobs drop constraint billing_jobs_kind_check;
alter table private.billing_jobs add constraint billing_jobs_kind_check check (
  kind in ('auto_recharge', 'low_balance_alert', 'payment_receipt', 'auto_recharge_failed', 'number_renewal_failed', 'number_released')
);

create or replace function private.reserve_virtual_number(
  p_user_id uuid,
  p_phone_number text,
  p_country text,
  p_number_type text,
  p_region text,
  p_locality text,
  p_monthly_price numeric
)
returns public.virtual_numbers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_balance numeric(10, 2);
  v_number public.virtual_numbers;
begin
  select u.balance into v_balance from public.users u where u.id = p_user_id for update;
  if not found then
    raise exception 'reserve_virtual_number: user % does not exist', p_user_id using errcode = 'foreign_key_violation';
  end if;
  if v_balance < p_monthly_price then
    raise exception 'insufficient balance: % cannot cover %', v_balance, p_monthly_price
      using errcode = 'check_violation', detail = json_build_object('balance', v_balance::text, 'required', p_monthly_price::text)::text;
  end if;
  -- a number someone holds (or is buying) raises unique_violation on virtual_numbers_phone_number_key
  insert into public.virtual_numbers (user_id, phone_number, country, number_type, region, locality, monthly_price, status)
  values (p_user_id, p_phone_number, p_country, p_number_type, p_region, p_locality, p_monthly_price, 'pending')
  returning * into v_number;
  return v_number;
end;
$$;
comment on function private.reserve_virtual_number(uuid, text, text, text, text, text, numeric) is
  'Step 1 of a purchase: checks the balance covers the first month and reserves the number (status pending; unique_violation when someone holds it). No money moves. service_role only.';
revoke all on function private.reserve_virtual_number(uuid, text, text, text, text, text, numeric) from public, anon, authenticated;
grant execute on function private.reserve_virtual_number(uuid, text, text, text, text, text, numeric) to service_role;

create or replace function private.activate_virtual_number(p_id uuid, p_twilio_sid text)
returns public.virtual_numbers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_number public.virtual_numbers;
begin
  select n.* into v_number from public.virtual_numbers n where n.id = p_id for update;
  if not found or v_number.status <> 'pending' then
    raise exception 'activate_virtual_number: % is not a pending reservation', p_id using errcode = 'no_data_found';
  end if;
  -- raises check_violation 'insufficient balance' when the balance no longer covers it
  perform private.post_ledger_entry(v_number.user_id, 'number_purchase', -v_number.monthly_price,
    'Virtual number ' || v_number.phone_number || ' (first month)');
  update public.virtual_numbers
  set status = 'active', twilio_sid = p_twilio_sid, purchased_at = now(), renews_at = now() + interval '1 month'
  where id = p_id
  returning * into v_number;
  return v_number;
end;
$$;
comment on function private.activate_virtual_number(uuid, text) is
  'Step 2 of a purchase, once the carrier sold the number: posts the first month as one number_purchase entry and makes the number active until a month from now, in one transaction. service_role only.';
revoke all on function private.activate_virtual_number(uuid, text) from public, anon, authenticated;
grant execute on function private.activate_virtual_number(uuid, text) to service_role;

create or replace function private.renew_virtual_number(p_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_number public.virtual_numbers;
  v_entry public.transactions;
  v_inserted integer;
begin
  -- another replica renewing this number right now has it: skip it this round
  select n.* into v_number from public.virtual_numbers n
  where n.id = p_id and n.status in ('active', 'grace') and n.renews_at <= now()
  for update skip locked;
  if not found then
    return 'skipped';
  end if;

  if v_number.status = 'grace' and v_number.grace_ends_at <= now() then
    return 'release';
  end if;

  begin
    v_entry := private.post_ledger_entry(v_number.user_id, 'number_renewal', -v_number.monthly_price,
      'Virtual number ' || v_number.phone_number || ' (renewal ' || to_char(v_number.renews_at at time zone 'UTC', 'YYYY-MM-DD') || ')');
    insert into private.number_renewals (virtual_number_id, period_start, transaction_id)
    values (v_number.id, v_number.renews_at, v_entry.id)
    on conflict do nothing;
    get diagnostics v_inserted = row_count;
    if v_inserted = 0 then
      -- this period is paid already: undo this posting (the block's savepoint) and move on
      raise exception 'period already renewed' using errcode = 'unique_violation';
    end if;
  exception
    when check_violation then
      if sqlerrm not like 'insufficient balance%' then
        raise;
      end if;
      if v_number.status = 'active' then
        update public.virtual_numbers
        set status = 'grace', grace_ends_at = v_number.renews_at + interval '7 days'
        where id = v_number.id;
        insert into private.billing_jobs (user_id, kind, payload)
        values (v_number.user_id, 'number_renewal_failed', jsonb_build_object(
          'numberId', v_number.id, 'phoneNumber', v_number.phone_number, 'price', v_number.monthly_price::text,
          'graceEndsAt', to_char((v_number.renews_at + interval '7 days') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')));
        return 'grace';
      end if;
      return 'unpaid';
    when unique_violation then
      update public.virtual_numbers
      set renews_at = v_number.renews_at + interval '1 month', status = 'active', grace_ends_at = null
      where id = v_number.id and renews_at = v_number.renews_at;
      return 'skipped';
  end;

  update public.virtual_numbers
  set renews_at = v_number.renews_at + interval '1 month', status = 'active', grace_ends_at = null
  where id = v_number.id;
  return 'renewed';
end;
$$;
comment on function private.renew_virtual_number(uuid) is
  'Renews one due number: charges the period starting at renews_at (one number_renewal entry, keyed by number and period in private.number_renewals) and moves renews_at a month on. When the balance cannot pay: the number enters its 7-day grace period (once, with an e-mail job) and later rounds try again; ''release'' when the grace period is over (the caller releases it at the carrier, then release_virtual_number). Skips a number another replica holds. service_role only.';
revoke all on function private.renew_virtual_number(uuid) from public, anon, authenticated;
grant execute on function private.renew_virtual_number(uuid) to service_role;

create or replace function private.release_virtual_number(p_id uuid, p_reason text)
returns public.virtual_numbers
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_number public.virtual_numbers;
begin
  update public.virtual_numbers
  set status = 'released', released_at = now(), release_reason = p_reason, grace_ends_at = null
  where id = p_id and status <> 'released'
  returning * into v_number;
  if not found then
    select n.* into v_number from public.virtual_numbers n where n.id = p_id;
    return v_number;
  end if;
  -- a released number can no longer be the caller ID
  update public.users set default_caller_id = null
  where id = v_number.user_id and default_caller_id = v_number.phone_number
    and not exists (
      select 1 from public.verified_caller_ids c
      where c.user_id = v_number.user_id and c.phone_number = v_number.phone_number
        and c.verification_status = 'verified' and c.deleted_at is null
    );
  if p_reason = 'unpaid' then
    insert into private.billing_jobs (user_id, kind, payload)
    values (v_number.user_id, 'number_released', jsonb_build_object('numberId', v_number.id, 'phoneNumber', v_number.phone_number));
  end if;
  return v_number;
end;
$$;
comment on function private.release_virtual_number(uuid, text) is
  'Marks a number released (after the carrier let it go, or a reservation whose purchase failed), clears it as the owner''s default caller ID, and for an unpaid one creates the e-mail job. Idempotent. service_role only.';
revoke all on function private.release_virtual_number(uuid, text) from public, anon, authenticated;
grant execute on function private.release_virtual_number(uuid, text) to service_role;

-- verified caller IDs --------------------------------------------------------------------------------------

alter table public.verified_caller_ids
  add constraint verified_caller_ids_phone_number_e164 check (phone_number ~ '^\+[1-9][0-9]{6,14}$'),
  add constraint verified_caller_ids_friendly_name_length check (char_length(friendly_name) <= 64),
  add constraint verified_caller_ids_validation_code_check check (validation_code ~ '^[0-9]{6}$');
create index verified_caller_ids_call_sid_idx on public.verified_caller_ids (call_sid);

-- removing a caller ID (the api soft-deletes it) also stops it being the default caller ID
create or replace function private.after_caller_id_removed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.deleted_at is not null and old.deleted_at is null then
    update public.users set default_caller_id = null
    where id = new.user_id and default_caller_id = new.phone_number
      and not exists (
        select 1 from public.virtual_numbers n
        where n.user_id = new.user_id and n.phone_number = new.phone_number and n.is_active
      );
  end if;
  return new;
end;
$$;
revoke all on function private.after_caller_id_removed() from public, anon, authenticated;

create trigger verified_caller_ids_after_removed
  after update of deleted_at on public.verified_caller_ids
  for each row execute function private.after_caller_id_removed();
