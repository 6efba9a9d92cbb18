-- Missed calls (issue 36): an incoming call nobody took (busy when declined, no-answer, canceled, failed) counts on
-- the Calls tab until the user has seen it in Recent Calls. Seen is kept on each call, not as a "seen up to" time:
-- a call still ringing when Recent Calls was opened is counted once it is missed, whatever order calls end in. The
-- partial index holds only the unseen missed calls, so the count stays cheap however long the history. Users still
-- write nothing here: the api marks a user's calls seen as its own role, for that user only.

alter table public.calls add column seen_at timestamptz;
comment on column public.calls.seen_at is 'When the user saw this incoming call nobody took in Recent Calls; null: not yet (the Calls tab counts it).';

-- the calls missed before there was a count were seen in the list they were always in
update public.calls set seen_at = now()
where call_direction = 'inbound' and status in ('busy', 'no-answer', 'canceled', 'failed');

create index calls_unseen_missed_idx on public.calls (user_id)
  where call_direction = 'inbound' and seen_at is null and deleted_at is null and status in ('busy', 'no-answer', 'canceled', 'failed');
