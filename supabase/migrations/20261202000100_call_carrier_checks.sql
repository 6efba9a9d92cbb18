-- When the api last heard from or asked the carrier about a call that is not settled yet. The call reconciler
-- (api/src/modules/calls/reconciler.ts) asks the carrier about every open call it has not heard of for a while and
-- settles it from the carrier's answer, so a call settles whatever dies (an api process, the carrier's connection, a
-- lost status callback). The column is its claim: each round stamps the calls it takes, so two api processes never
-- ask about the same call at once. The open calls are few (the live ones): calls_unsettled_idx serves the scan.
alter table public.calls add column carrier_checked_at timestamptz;

comment on column public.calls.carrier_checked_at is 'When the call reconciler last asked the carrier about this open call (null: never). Internal; not part of the API.';
