-- Verified caller IDs (spec §3 verified_caller_ids): a user's own phone numbers, verified with the
-- carrier so that calls can show them. Created and verified by privileged code; a user reads their own
-- entries that are not deleted and may only soft delete them (set deleted_at = now(); the only
-- column they may update). As for contacts (see 20261122000500_contacts.sql) the policies decide
-- ownership only, and the api reads `deleted_at is null`.

create table public.verified_caller_ids (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  twilio_sid text unique,
  phone_number text not null,
  friendly_name text,
  verification_status text not null default 'pending',
  validation_code text,
  call_sid text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
comment on table public.verified_caller_ids is 'Caller IDs a user verified with the carrier (spec §3 verified_caller_ids); verification_status ''verified'' is the usable value. Unique per (user, number) among entries that are not deleted.';

alter table public.verified_caller_ids enable row level security;

create trigger verified_caller_ids_set_updated_at
  before update on public.verified_caller_ids
  for each row execute function private.set_updated_at();

-- unique per (user, number) among live rows; also the index of the policies (user_id, deleted_at)
create unique index verified_caller_ids_user_id_phone_number_key on public.verified_caller_ids (user_id, phone_number) where deleted_at is null;

revoke all on table public.verified_caller_ids from anon, authenticated;
grant select on table public.verified_caller_ids to authenticated;
grant update (deleted_at) on table public.verified_caller_ids to authenticated;
grant all on table public.verified_caller_ids to service_role;

create policy "Users can view their own verified caller ids"
  on public.verified_caller_ids
  for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can soft delete their own verified caller ids"
  on public.verified_caller_ids
  for update
  to authenticated
  using (user_id = (select auth.uid()) and deleted_at is null)
  with check (user_id = (select auth.uid()));
