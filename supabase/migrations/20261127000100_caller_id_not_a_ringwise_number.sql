-- Verified caller IDs (issue: provider input): a Ringwise number, active or in its grace period, is not a caller ID
-- to verify: its owner calls from it already, and no other account may show it. The api refuses it with a clear
-- message before the carrier is called (api/src/modules/numbers/caller-ids.ts); this trigger is the last line for
-- any other writer. Only a new live entry is checked: verifying or removing an entry that exists never fails here
-- (the carrier's verification callback must not be refused for a number bought meanwhile).

create or replace function private.check_caller_id_not_a_ringwise_number()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.deleted_at is null
     and exists (select 1 from public.virtual_numbers n where n.phone_number = new.phone_number and n.status in ('active', 'grace')) then
    raise exception 'caller ID % is a Ringwise number (an active virtual number) and cannot be verified', new.phone_number
      using errcode = '23514';
  end if;
  return new;
end;
$$;
revoke all on function private.check_caller_id_not_a_ringwise_number() from public, anon, authenticated;

create trigger verified_caller_ids_not_a_ringwise_number
  before insert on public.verified_caller_ids
  for each row execute function private.check_caller_id_not_a_ringwise_number();
