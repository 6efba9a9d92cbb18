-- Users (spec §3 users): the profile of each auth.users account, with the prepaid balance and the
-- billing preferences. A trigger on auth.users creates the profile and keeps its email in sync.
-- A user reads and edits only their own profile, and only the preference columns: balance, role,
-- email and the Stripe ids are written by privileged code alone (balance only via private.post_ledger_entry).

create table public.users (
  id uuid primary key references auth.users (id) on delete cascade,
  email text not null unique,
  first_name text,
  last_name text,
  profile_image_url text,
  balance numeric(10, 2) not null default 0.00 check (balance >= 0),
  role varchar(20) not null default 'customer',
  stripe_customer_id text unique,
  stripe_subscription_id text,
  auto_recharge_enabled boolean not null default false,
  auto_recharge_trigger numeric(10, 2) not null default 5.00 check (auto_recharge_trigger >= 0),
  auto_recharge_amount numeric(10, 2) not null default 25.00 check (auto_recharge_amount > 0),
  low_balance_alert_enabled boolean not null default true,
  low_balance_alert_threshold numeric(10, 2) not null default 5.00 check (low_balance_alert_threshold >= 0),
  default_caller_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.users is 'Profile of each account (spec §3 users): names, prepaid balance, role and billing preferences. id is the auth.users id.';
comment on column public.users.balance is 'Prepaid balance in dollars; always the sum of the user''s completed transactions. Moved only by private.post_ledger_entry.';
comment on column public.users.role is 'customer (default) or admin; written by privileged code only.';

alter table public.users enable row level security;

create trigger users_set_updated_at
  before update on public.users
  for each row execute function private.set_updated_at();

-- privileges: Supabase's default grants are replaced by exactly what the policies need
revoke all on table public.users from anon, authenticated;
grant select on table public.users to authenticated;
grant update (
  first_name,
  last_name,
  profile_image_url,
  auto_recharge_enabled,
  auto_recharge_trigger,
  auto_recharge_amount,
  low_balance_alert_enabled,
  low_balance_alert_threshold,
  default_caller_id
) on table public.users to authenticated;
grant all on table public.users to service_role;

-- policies (id is the primary key, so the column they read is indexed)
create policy "Users can view their own profile"
  on public.users
  for select
  to authenticated
  using (id = (select auth.uid()));

create policy "Users can update their own profile"
  on public.users
  for update
  to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- profile upkeep from auth.users ---------------------------------------------------------------------------

create or replace function private.handle_new_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.users (id, email, first_name, last_name)
  values (
    new.id,
    -- accounts without an email (anonymous, phone) get a never-deliverable placeholder (RFC 2606)
    coalesce(nullif(new.email, ''), new.id::text || '@anonymous.invalid'),
    coalesce(nullif(new.raw_user_meta_data ->> 'first_name', ''), nullif(new.raw_user_meta_data ->> 'firstName', '')),
    coalesce(nullif(new.raw_user_meta_data ->> 'last_name', ''), nullif(new.raw_user_meta_data ->> 'lastName', ''))
  )
  on conflict (id) do nothing;
  return new;
end;
$$;
comment on function private.handle_new_auth_user() is 'After-insert trigger on auth.users: creates the public.users profile with the spec defaults, copying email and first/last name from raw_user_meta_data (first_name/last_name or firstName/lastName).';
revoke all on function private.handle_new_auth_user() from public, anon, authenticated;

create or replace function private.handle_auth_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.users
  set email = coalesce(nullif(new.email, ''), new.id::text || '@anonymous.invalid')
  where id = new.id;
  return new;
end;
$$;
comment on function private.handle_auth_user_email_change() is 'After-update trigger on auth.users: copies a changed email to the public.users profile.';
revoke all on function private.handle_auth_user_email_change() from public, anon, authenticated;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_auth_user();

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row
  when (old.email is distinct from new.email)
  execute function private.handle_auth_user_email_change();
