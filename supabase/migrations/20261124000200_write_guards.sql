-- The database as the last line of defence (issue: hardening): every column a user may write directly (their
-- grants reach hosted Supabase's Data API too, not only this api) holds only what the api itself would accept.
-- Refusals are check_violation (23514) with a message naming the rule.

-- users: the preference options of spec §9 (packages/contract/src/users/preferences.ts), https images, E.164 caller ID
alter table public.users
  add constraint users_auto_recharge_trigger_option check (auto_recharge_trigger in (5.00, 10.00, 20.00, 50.00)),
  add constraint users_auto_recharge_amount_option check (auto_recharge_amount in (10.00, 25.00, 50.00, 100.00)),
  add constraint users_low_balance_alert_threshold_option check (low_balance_alert_threshold in (5.00, 10.00, 20.00, 50.00)),
  add constraint users_profile_image_url_https check (profile_image_url is null or (profile_image_url ~ '^https://[^\s/?#@]+(/\S*)?$' and length(profile_image_url) <= 2048)),
  add constraint users_names_length check (coalesce(length(first_name), 0) <= 500 and coalesce(length(last_name), 0) <= 500),
  add constraint users_default_caller_id_e164 check (default_caller_id is null or default_caller_id ~ '^\+[1-9][0-9]{6,14}$');

-- The default caller ID is one of the user's own active virtual numbers or verified caller IDs (the rows are
-- read whatever the writer's row-level security lets it see).
create or replace function private.check_default_caller_id()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.default_caller_id is null or new.default_caller_id is not distinct from old.default_caller_id then
    return new;
  end if;
  if exists (select 1 from public.virtual_numbers where user_id = new.id and phone_number = new.default_caller_id and is_active)
     or exists (select 1 from public.verified_caller_ids
                where user_id = new.id and phone_number = new.default_caller_id and verification_status = 'verified' and deleted_at is null) then
    return new;
  end if;
  raise exception 'default_caller_id % is not one of the user''s active virtual numbers or verified caller IDs', new.default_caller_id
    using errcode = '23514';
end;
$$;
revoke all on function private.check_default_caller_id() from public, anon, authenticated;

create trigger users_default_caller_id_owned
  before update of default_caller_id on public.users
  for each row execute function private.check_default_caller_id();

-- contacts: what the contacts api stores (packages/contract/src/contacts/rules.ts)
alter table public.contacts
  add constraint contacts_primary_number_e164 check (primary_number ~ '^\+[1-9][0-9]{1,14}$'),
  add constraint contacts_country_code_format check (country_code is null or country_code ~ '^\+[1-9][0-9]{0,3}$'),
  add constraint contacts_email_format check (email is null or (length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+$')),
  add constraint contacts_notes_length check (notes is null or length(notes) <= 5000);

-- verified caller IDs: a user may only remove one (deleted_at set once, to now), never bring it back or date it
create or replace function private.check_caller_id_removal()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.deleted_at is not null then
    raise exception 'a removed caller ID cannot be changed' using errcode = '23514';
  end if;
  if new.deleted_at is not null then
    new.deleted_at := now();
  end if;
  return new;
end;
$$;
revoke all on function private.check_caller_id_removal() from public, anon, authenticated;

create trigger verified_caller_ids_removal_once
  before update of deleted_at on public.verified_caller_ids
  for each row when (current_user = 'authenticated')
  execute function private.check_caller_id_removal();
