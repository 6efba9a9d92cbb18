-- Virtual numbers (spec §3 virtual_numbers): phone numbers a user rents. Bought and released by
-- privileged code (the number purchase flow); a user reads their own.

create table public.virtual_numbers (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  phone_number text not null unique,
  twilio_sid text unique,
  country text,
  region text,
  monthly_price numeric(10, 2) check (monthly_price >= 0),
  is_active boolean not null default true,
  purchased_at timestamptz not null default now(),
  constraint virtual_numbers_user_id_phone_number_key unique (user_id, phone_number)
);
comment on table public.virtual_numbers is 'Phone numbers rented by a user (spec §3 virtual_numbers), unique globally and per user. Written by privileged code only.';

alter table public.virtual_numbers enable row level security;

-- the policy reads user_id: served by the unique (user_id, phone_number) index

revoke all on table public.virtual_numbers from anon, authenticated;
grant select on table public.virtual_numbers to authenticated;
grant all on table public.virtual_numbers to service_role;

create policy "Users can view their own virtual numbers"
  on public.virtual_numbers
  for select
  to authenticated
  using (user_id = (select auth.uid()));
