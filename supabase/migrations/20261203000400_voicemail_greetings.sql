-- Voicemail greetings (issue 36): a customer may record, per virtual number, the greeting callers hear before they
-- leave a message; without one they hear the spoken default. Stored by the app (8-48 kHz mono 16-bit PCM WAV, 1 to
-- 60 s, at most 1 MB), one per number. The carrier fetches it for <Play> at /api/voicemail-greetings/<id>: as for
-- avatars, the random id is the secret (a new recording gets a new id), and what it holds is what every caller hears.

create table public.voicemail_greetings (
  id uuid primary key default gen_random_uuid(),
  virtual_number_id uuid not null references public.virtual_numbers (id) on delete cascade,
  user_id uuid not null references public.users (id) on delete cascade,
  audio bytea not null check (octet_length(audio) between 44 and 1048576),
  duration_seconds integer not null check (duration_seconds between 1 and 60),
  created_at timestamptz not null default now()
);
comment on table public.voicemail_greetings is 'The greeting a caller hears before leaving a voicemail on a virtual number (WAV, 1-60 s, at most 1 MB), one per number; the carrier fetches it at /api/voicemail-greetings/<id> (the random id is the secret).';

create unique index voicemail_greetings_number_key on public.voicemail_greetings (virtual_number_id);
create index voicemail_greetings_user_id_idx on public.voicemail_greetings (user_id);

alter table public.voicemail_greetings enable row level security;
revoke all on table public.voicemail_greetings from anon, authenticated;
grant select, delete on table public.voicemail_greetings to authenticated;
grant all on table public.voicemail_greetings to service_role;

create policy "Users can view their own greetings"
  on public.voicemail_greetings for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Users can delete their own greetings"
  on public.voicemail_greetings for delete to authenticated
  using (user_id = (select auth.uid()));

-- a number let go (by its owner, unpaid, or with the account) takes its greeting with it
create or replace function private.drop_greeting_of_released_number()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.voicemail_greetings g where g.virtual_number_id = new.id;
  return new;
end;
$$;
revoke all on function private.drop_greeting_of_released_number() from public, anon, authenticated;

create trigger virtual_numbers_drop_greeting_when_released
  after update of status on public.virtual_numbers
  for each row when (new.status = 'released' and old.status is distinct from 'released')
  execute function private.drop_greeting_of_released_number();
