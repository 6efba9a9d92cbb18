-- Contacts (spec §3 contacts): a user's address book. A user reads, creates and edits their own
-- contacts and deletes them softly (sets deleted_at = now()); there is no hard delete. A number is
-- unique per user among contacts that are not deleted.
--
-- Soft delete and RLS: an UPDATE that reads columns (a WHERE or RETURNING) must leave a row its SELECT
-- policy can see, so the policies decide ownership only: a user sees their own rows, deleted or not,
-- and every query of the api reads `deleted_at is null`. A deleted row can no longer be changed.

create table public.contacts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  display_name text not null check (length(display_name) between 1 and 200),
  primary_number text not null check (length(primary_number) between 1 and 32),
  country_code text,
  email text,
  notes text,
  favorite boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
comment on table public.contacts is 'Address book entries of a user (spec §3 contacts). Soft deleted through deleted_at; primary_number is unique per user among entries that are not deleted.';

alter table public.contacts enable row level security;

create trigger contacts_set_updated_at
  before update on public.contacts
  for each row execute function private.set_updated_at();

-- unique per (user, number) among live rows; also the index of the policies (user_id, deleted_at)
create unique index contacts_user_id_primary_number_key on public.contacts (user_id, primary_number) where deleted_at is null;
create index contacts_user_id_display_name_idx on public.contacts (user_id, display_name) where deleted_at is null;

revoke all on table public.contacts from anon, authenticated;
grant select on table public.contacts to authenticated;
grant insert (user_id, display_name, primary_number, country_code, email, notes, favorite) on table public.contacts to authenticated;
grant update (display_name, primary_number, country_code, email, notes, favorite, deleted_at) on table public.contacts to authenticated;
grant all on table public.contacts to service_role;

create policy "Users can view their own contacts"
  on public.contacts
  for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can create their own contacts"
  on public.contacts
  for insert
  to authenticated
  with check (user_id = (select auth.uid()) and deleted_at is null);

create policy "Users can update or soft delete their own contacts"
  on public.contacts
  for update
  to authenticated
  using (user_id = (select auth.uid()) and deleted_at is null)
  with check (user_id = (select auth.uid()));
