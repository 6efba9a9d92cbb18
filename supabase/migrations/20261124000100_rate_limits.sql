-- Rate limits every api process shares (issue: hardening): fixed-window request counts per key (an address,
-- a session) and failure streaks per account (sign-in failures of one e-mail, whatever address they come
-- from). The api writes them through its privileged connection only; with REDIS_URL set it keeps them in
-- Redis instead. Rows of windows and streaks older than a day are deleted as new ones are written.

create table private.rate_limits (
  key text primary key check (length(key) <= 300),
  -- a window: when it started; a failure streak: when the last failure was
  window_start timestamptz not null,
  hits integer not null check (hits > 0)
);
comment on table private.rate_limits is 'Shared rate-limit state of the api processes: request counts per fixed window ("<rule>:<key>") and failure streaks ("<rule>-failures:<key>"). Privileged code only.';
create index rate_limits_window_start_idx on private.rate_limits (window_start);
revoke all on private.rate_limits from public, anon, authenticated;
