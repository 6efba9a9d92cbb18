-- A call's quality (issue #23): what the browser's Voice SDK measured on it, sent by the calling device during or
-- after the call: the worst MOS of its samples and the names of the warnings it raised (high-rtt, low-mos, …).
-- Written by the api's privileged code for the call's owner (ownership and the write in one transaction), like
-- every other column of a call; users still write nothing here. Read by the user with their calls and by admins.

-- at most 10 distinct names, each 1 to 40 characters (what packages/contract's CallQualitySummary accepts)
create or replace function private.is_quality_warning_list(p_warnings text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select cardinality(p_warnings) <= 10
     and not exists (select 1 from unnest(p_warnings) w where w is null or length(w) not between 1 and 40)
     and cardinality(p_warnings) = (select count(distinct w) from unnest(p_warnings) w);
$$;
revoke all on function private.is_quality_warning_list(text[]) from public, anon, authenticated;

alter table public.calls
  add column quality_worst_mos numeric(3, 2) check (quality_worst_mos between 0 and 5),
  add column quality_warnings text[] check (quality_warnings is null or private.is_quality_warning_list(quality_warnings));

comment on column public.calls.quality_worst_mos is 'The lowest MOS (mean opinion score, 1-5) the calling device measured on the call; null when it sent none.';
comment on column public.calls.quality_warnings is 'The Voice SDK warnings raised during the call (high-rtt, high-jitter, high-packet-loss, low-mos, constant-audio-input-level, …), each once, at most 10; null until the device sent its summary.';
