-- Account deletion goes through Supabase Auth's admin API: the api calls private.delete_account for Ringwise's
-- own data, then soft-deletes the sign-in with auth.admin.deleteUser(id, true), which obfuscates the e-mail address,
-- removes the password and the metadata, sets auth.users.deleted_at and deletes every session. So
-- private.delete_account no longer writes auth.*: on Supabase those tables are Auth's own. The auth.users row stays
-- (public.users and with it the ledger reference it). Both steps may be repeated: an account whose deletion stopped
-- half-way is finished by deleting it again.

create or replace function private.delete_account(p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_anonymous text := p_user_id::text || '@deleted.invalid';
begin
  perform 1 from public.users u where u.id = p_user_id for update;
  if not found then
    raise exception 'delete_account: user % does not exist', p_user_id using errcode = 'foreign_key_violation';
  end if;
  -- numbers are let go at the carrier first (the api does it); one still held means that has not happened
  if exists (select 1 from public.virtual_numbers n where n.user_id = p_user_id and n.status in ('active', 'grace')) then
    raise exception 'delete_account: user % still holds virtual numbers; release them first', p_user_id
      using errcode = 'object_not_in_prerequisite_state';
  end if;
  delete from public.virtual_numbers n where n.user_id = p_user_id and n.status = 'pending';

  -- personal data (run again on a deleted profile, it removes whatever was added since: its tokens still work
  -- until Supabase Auth has ended its sessions)
  delete from public.contacts c where c.user_id = p_user_id;
  delete from public.verified_caller_ids c where c.user_id = p_user_id;
  delete from public.avatars a where a.user_id = p_user_id;
  delete from private.billing_jobs j where j.user_id = p_user_id and j.status = 'pending';
  update public.calls c
  set deleted_at = coalesce(c.deleted_at, now()), metadata = '{}'::jsonb, recording_url = null, recording_sid = null
  where c.user_id = p_user_id;

  -- the profile stays for the ledger (public.transactions is kept: each balance is still the sum of its entries);
  -- deleted_at keeps the first deletion's time
  update public.users
  set email = v_anonymous, first_name = null, last_name = null, profile_image_url = null, default_caller_id = null,
      auto_recharge_enabled = false, low_balance_alert_enabled = false, stripe_customer_id = null, stripe_subscription_id = null,
      deleted_at = coalesce(deleted_at, now())
  where id = p_user_id;
end;
$$;
comment on function private.delete_account(uuid) is
  'Deletes an account''s Ringwise data in one transaction: removes contacts, caller IDs, the avatar and pending jobs, hides the calls, anonymises the profile (names, e-mail, Stripe ids) and sets its deleted_at; keeps public.transactions and the balance so the ledger still holds. Leaves auth.* to Supabase Auth (the api then soft-deletes the user through the admin API). The user''s numbers must already be released at the carrier. Safe to run again. service_role only.';
revoke all on function private.delete_account(uuid) from public, anon, authenticated;
grant execute on function private.delete_account(uuid) to service_role;

-- A deleted profile keeps its anonymous address: the soft delete replaces the auth.users e-mail with a hash of
-- the old address (GoTrue's obfuscation), which must not reach the profile.
create or replace function private.handle_auth_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.users
  set email = coalesce(nullif(new.email, ''), new.id::text || '@anonymous.invalid')
  where id = new.id and deleted_at is null;
  return new;
end;
$$;
comment on function private.handle_auth_user_email_change() is 'After-update trigger on auth.users: copies a changed email to the public.users profile, unless the profile was deleted (it keeps its anonymous address).';
revoke all on function private.handle_auth_user_email_change() from public, anon, authenticated;
