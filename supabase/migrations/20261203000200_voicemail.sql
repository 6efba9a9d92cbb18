-- Voicemail (issue 36): an incoming call nobody answered in the browser goes to the caller's message, kept on the
-- call's row (spec §3 calls already has recording_url and recording_sid): how long it is, when it was left, when
-- its owner first played it. The audio stays at the carrier; the api streams it to its owner only. Its e-mail is a
-- job (private.billing_jobs: claimed once by one replica, retried), queued in the transaction that keeps the message.

alter table public.calls
  add column recording_duration integer check (recording_duration >= 0),
  add column voicemail_at timestamptz,
  add column voicemail_heard_at timestamptz;
comment on column public.calls.recording_duration is 'The voicemail''s length in whole seconds, as the carrier measured it (null: no voicemail).';
comment on column public.calls.voicemail_at is 'When the caller''s message was stored at the carrier (null: no voicemail, or deleted).';
comment on column public.calls.voicemail_heard_at is 'When its owner first played the voicemail.';

alter table private.billing_jobs drop constraint billing_jobs_kind_check;
alter table private.billing_jobs add constraint billing_jobs_kind_check check (
  kind in ('auto_recharge', 'low_balance_alert', 'payment_receipt', 'auto_recharge_failed', 'number_renewal_failed', 'number_released', 'voicemail_received')
);
