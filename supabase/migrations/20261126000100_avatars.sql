-- Profile settings (issue #14): avatars stored by the app in the database (every api process shares only
-- PostgreSQL), the profile image guard widened to the app's own avatar addresses, and the deletion of an
-- account in one privileged, all-or-nothing function.

-- avatars ---------------------------------------------------------------------------------------------------

create table public.avatars (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
  image bytea not null check (octet_length(image) between 1 and 2097152),
  created_at timestamptz not null default now(),
  -- the bytes are the image their type says (the api checks the same magic numbers first)
  constraint avatars_image_matches_type check (
    case content_type
      when 'image/png' then substring(image from 1 for 8) = '\x89504e470d0a1a0a'::bytea
      when 'image/jpeg' then substring(image from 1 for 3) = '\xffd8ff'::bytea
      when 'image/webp' then substring(image from 1 for 4) = '\x52494646'::bytea and substring(image from 9 for 4) = '\x57454250'::bytea
    end
  )
);
comment on table public.avatars is 'Profile images uploaded to the app (PNG, JPEG or WebP, at most 2 MB), at most one per user; served publicly at /api/avatars/<id> (the random id is the secret; a new upload gets a new id).';

alter table public.avatars enable row level security;

-- one avatar per user; also the index of the policies (user_id)
create unique index avatars_user_id_key on public.avatars (user_id);

revoke all on table public.avatars from anon, authenticated;
grant select, delete on table public.avatars to authenticated;
grant insert (user_id, content_type, image) on table public.avatars to authenticated;
grant all on table public.avatars to service_role;

create policy "Users can view their own avatar"
  on public.avatars
  for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can upload their own avatar"
  on public.avatars
  for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users can delete their own avatar"
  on public.avatars
  for delete
  to authenticated
  using (user_id = (select auth.uid()));

-- the profile image: https anywhere, or the app's own /api/avatars/<id> of one of the user's own avatars -----

alter table public.users
  drop constraint users_profile_image_url_https,
  add constraint users_profile_image_url_https check (
    profile_image_url is null
    or (profile_image_url ~ '^https://[^\s/?#@]+(/\S*)?$' and length(profile_image_url) <= 2048)
    or profile_image_url ~ '^/api/avatars/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  );

create or replace function private.check_profile_image_avatar()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.profile_image_url ~ '^/api/avatars/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     and new.profile_image_url is distinct from old.profile_image_url
     and not exists (select 1 from public.avatars a where a.id = substring(new.profile_image_url from 14)::uuid and a.user_id = new.id) then
    raise exception 'profile_image_url % is not one of the user''s own avatars', new.profile_image_url using errcode = '23514';
  end if;
  return new;
end;
$$;
revoke all on function private.check_profile_image_avatar() from public, anon, authenticated;

create trigger users_profile_image_avatar_owned
  before update of profile_image_url on public.users
  for each row execute function private.check_profile_image_avatar();

-- an avatar that goes (replaced, removed, its account deleted) stops being the profile image
create or replace function private.after_avatar_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.users set profile_image_url = null
  where id = old.user_id and profile_image_url = '/api/avatars/' || old.id::text;
  return old;
end;
$$;
revoke all on function private.after_avatar_deleted() from public, anon, authenticated;

create trigger avatars_clear_profile_image
  after delete on public.avatars
  for each row execute function private.after_avatar_deleted();

-- account deletion ------------------------------------------------------------------------------------------

alter table public.users add column deleted_at timestamptz;
comment on column public.users.deleted_at is 'When the account was deleted (private.delete_account): the profile stays, anonymised, for the ledger. Privileged code only.';

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

  -- every session ends: each access token of the user is refused from now on, and no refresh token works
  delete from auth.refresh_tokens t where t.session_id in (select s.id from auth.sessions s where s.user_id = p_user_id);
  delete from auth.sessions s where s.user_id = p_user_id;

  -- personal data
  delete from public.contacts c where c.user_id = p_user_id;
  delete from public.verified_caller_ids c where c.user_id = p_user_id;
  delete from public.avatars a where a.user_id = p_user_id;
  delete from private.billing_jobs j where j.user_id = p_user_id and j.status = 'pending';
  update public.calls c
  set deleted_at = coalesce(c.deleted_at, now()), metadata = '{}'::jsonb, recording_url = null, recording_sid = null
  where c.user_id = p_user_id;

  -- the sign-in goes: no password, an address nobody can receive mail at, banned; the profile follows the e-mail
  update auth.users
  set email = v_anonymous, encrypted_password = null, raw_user_meta_data = '{}'::jsonb, banned_until = 'infinity', updated_at = now()
  where id = p_user_id;

  -- the profile stays for the ledger (public.transactions is kept: each balance is still the sum of its entries)
  update public.users
  set email = v_anonymous, first_name = null, last_name = null, profile_image_url = null, default_caller_id = null,
      auto_recharge_enabled = false, low_balance_alert_enabled = false, stripe_customer_id = null, stripe_subscription_id = null,
      deleted_at = now()
  where id = p_user_id;
end;
$$;
comment on function private.delete_account(uuid) is
  'Deletes an account in one transaction: ends every session, removes contacts, caller IDs, the avatar and pending jobs, hides the calls, anonymises auth.users and the profile (names, e-mail, Stripe ids) and refuses sign-in; keeps public.transactions and the balance so the ledger still holds. The user''s numbers must already be released at the carrier. service_role only.';
revoke all on function private.delete_account(uuid) from public, anon, authenticated;
grant execute on function private.delete_account(uuid) to service_role;
