-- Calls (spec §3 calls): one row per browser call, created and updated by privileged server code
-- (call start, Twilio status callbacks, billing). A user reads their own calls that are not deleted;
-- users write nothing here.

create table public.calls (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users (id) on delete cascade,
  twilio_call_sid text unique,
  destination_number text not null,
  from_number text,
  status text not null check (status in ('queued', 'ringing', 'in-progress', 'completed', 'failed', 'busy', 'no-answer', 'canceled')),
  calling_method text check (calling_method in ('public', 'virtual', 'verified')),
  call_direction text not null default 'outbound' check (call_direction in ('outbound', 'inbound')),
  duration integer check (duration >= 0),
  cost numeric(10, 2) check (cost >= 0),
  rate numeric(10, 6) check (rate >= 0),
  rate_source text,
  start_time timestamptz,
  end_time timestamptz,
  end_reason text,
  error_code text,
  error_message text,
  recording_url text,
  recording_sid text,
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
comment on table public.calls is 'Browser calls (spec §3 calls): destination, status, duration in seconds, cost (2 decimals) and per-minute rate (6 decimals). Written by privileged code only; deleted_at marks a soft delete.';
comment on column public.calls.duration is 'Duration in whole seconds, as reported by the carrier.';

alter table public.calls enable row level security;

create trigger calls_set_updated_at
  before update on public.calls
  for each row execute function private.set_updated_at();

-- the policy reads user_id and deleted_at; this index also serves the recent-calls list
create index calls_user_id_created_at_idx on public.calls (user_id, created_at desc) where deleted_at is null;

revoke all on table public.calls from anon, authenticated;
grant select on table public.calls to authenticated;
grant all on table public.calls to service_role;

create policy "Users can view their own calls"
  on public.calls
  for select
  to authenticated
  using (user_id = (select auth.uid()) and deleted_at is null);
