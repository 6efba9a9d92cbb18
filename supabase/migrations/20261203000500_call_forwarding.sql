-- Call forwarding (issue 36): per virtual number, calls the customer does not answer in the browser (or all calls)
-- go on to one of their verified caller IDs. The forwarded leg is a call of its own, billed like an outgoing call
-- (rate, hold, time limit, one call_charge), linked to the incoming call it forwards. Written by the api only (the
-- user's role reads virtual_numbers and may not update it); the target is checked again when a call is forwarded.

alter table public.virtual_numbers
  add column forwarding_mode text not null default 'off' check (forwarding_mode in ('off', 'unanswered', 'always')),
  add column forward_to text constraint virtual_numbers_forward_to_e164 check (public.is_e164(forward_to)),
  add constraint virtual_numbers_forwarding_target check (forwarding_mode = 'off' or forward_to is not null);
comment on column public.virtual_numbers.forwarding_mode is 'off; unanswered: calls nobody takes in the browser are forwarded; always: every call is.';
comment on column public.virtual_numbers.forward_to is 'The verified caller ID calls are forwarded to (E.164).';

alter table public.calls add column forwarded_from uuid references public.calls (id) on delete set null;
comment on column public.calls.forwarded_from is 'A forwarded leg: the incoming call it forwards. Billed as an outgoing call to destination_number.';

-- one forwarded leg per incoming call: a repeated carrier request finds it instead of starting a second
create unique index calls_one_forward_per_call_idx on public.calls (forwarded_from) where forwarded_from is not null;

-- the browser's own calls stay one at a time; a forwarded leg may run while the customer is on a call
drop index public.calls_one_active_per_user_idx;
create unique index calls_one_active_per_user_idx on public.calls (user_id)
  where call_direction = 'outbound' and forwarded_from is null and status in ('queued', 'ringing', 'in-progress');
