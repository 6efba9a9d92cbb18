-- One number, one identity (issue: numbers and caller IDs). A phone number is one account's identity at a time: a
-- Ringwise number (public.virtual_numbers, bought or being bought: any status but released) or a verified caller ID
-- (public.verified_caller_ids, verified and not removed), never both and never two accounts' caller ID. Before this
-- migration only the second half was checked, and only for a new entry (20261127000100): a number another account
-- had verified could still be bought, and a verification still completed for a number bought meanwhile, so both
-- accounts called as the same number.
--
-- Every claim on a number (a purchase's reservation, a verification's success) now goes through
-- private.number_holder, which takes a lock of that number for the rest of the transaction and then reads who holds
-- it. Two transactions claiming one number (one buying it, one completing its verification) therefore run one after
-- the other, and the second sees the first's committed row and is refused: under READ COMMITTED, the isolation of
-- every api transaction, each statement of a volatile function reads what was committed before it began, so the
-- read after the lock sees everything the lock waited for. The numbers are E.164 (checked below), which has one
-- spelling per number, so the text is the normalized number and the lock's key. The lock, not a unique index, because
-- the claims live in two tables under different conditions; it is taken only by these writes.
--
-- Who wins is who claimed first: a verified caller ID is not sold (the api hides it from the search and refuses its
-- purchase: docs/architecture.md, "Numbers and caller IDs"), and a verification that completes for a number held
-- by a purchase, or by another account's verification, ends failed (the api answers the carrier's callback 200 and,
-- for a purchased number, removes the outgoing caller ID the carrier made). The conflicts written before this migration
-- are settled below: in the purchases' favour (a bought number is paid for and held at the carrier, which SQL cannot
-- undo), and between two accounts' verifications in the first one's.
--
-- Also: the E.164 checks of every phone number column become one rule, public.is_e164, the rule of
-- @ringwise/phone/notation's isE164 ("+", a first digit 1-9, 2 to 15 digits in all). The checks had three
-- (`{6,14}` for numbers and caller IDs, `{1,14}` for contacts, `{0,14}` for call destinations, which let "+1" pass);
-- whether a number exists is the api's question (lineOf), not the notation's. contacts_country_code_format stays as
-- it is: it checks a calling code ("+44"), not a phone number.

-- E.164, one rule ------------------------------------------------------------------------------------------------

-- In public, executable by every role, because a check constraint calls it as the role that writes the row (users
-- update their own default caller ID and contacts): a pure function of its argument, which reveals nothing.
create or replace function public.is_e164(p_text text)
returns boolean
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select p_text ~ '^\+[1-9][0-9]{1,14}$'
$$;
comment on function public.is_e164(text) is
  'Whether a text is a phone number written in E.164: "+", a first digit 1-9, 2 to 15 digits in all, nothing around it. The rule of @ringwise/phone/notation''s isE164 (api/src/modules/numbers/e164-rule.test.ts runs both on the same cases); every E.164 check constraint uses it.';
grant execute on function public.is_e164(text) to public, anon, authenticated, service_role;

alter table public.virtual_numbers
  drop constraint virtual_numbers_phone_number_e164,
  add constraint virtual_numbers_phone_number_e164 check (public.is_e164(phone_number));
alter table public.verified_caller_ids
  drop constraint verified_caller_ids_phone_number_e164,
  add constraint verified_caller_ids_phone_number_e164 check (public.is_e164(phone_number));
alter table public.users
  drop constraint users_default_caller_id_e164,
  add constraint users_default_caller_id_e164 check (default_caller_id is null or public.is_e164(default_caller_id));
alter table public.contacts
  drop constraint contacts_primary_number_e164,
  add constraint contacts_primary_number_e164 check (public.is_e164(primary_number));
-- inbound calls keep the carrier's From as it came ("anonymous", a SIP address); the api sends only E.164 (the
-- contract's E164 schema is isE164's pattern), so no outbound call holds "+" and one digit
alter table public.calls
  drop constraint calls_destination_e164,
  add constraint calls_destination_e164 check (call_direction = 'inbound' or public.is_e164(destination_number));

-- one identity ---------------------------------------------------------------------------------------------------

create or replace function private.number_holder(p_phone_number text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  -- the number's lock until the transaction ends (two int4 keys: this migration's class, then the number)
  perform pg_catalog.pg_advisory_xact_lock(20261202, pg_catalog.hashtext(p_phone_number));
  if exists (select 1 from public.virtual_numbers n where n.phone_number = p_phone_number and n.status <> 'released') then
    return 'virtual_number';
  end if;
  if exists (select 1 from public.verified_caller_ids c
             where c.phone_number = p_phone_number and c.verification_status = 'verified' and c.deleted_at is null) then
    return 'caller_id';
  end if;
  return null;
end;
$$;
comment on function private.number_holder(text) is
  'Locks a phone number for the rest of the transaction, then says who holds it: ''virtual_number'' (a Ringwise number bought or being bought), ''caller_id'' (a live verified caller ID) or null. Every claim on a number calls it first, so two claims on one number run one after the other. service_role only.';
revoke all on function private.number_holder(text) from public, anon, authenticated;
grant execute on function private.number_holder(text) to service_role;

-- a number becomes a Ringwise number (a reservation, or a number's number changed): not while it is a caller ID
create or replace function private.check_virtual_number_one_identity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'released' or (tg_op = 'UPDATE' and old.status <> 'released' and old.phone_number = new.phone_number) then
    return new;
  end if;
  -- another Ringwise number under this number is the unique index's refusal (virtual_numbers_phone_number_key)
  if private.number_holder(new.phone_number) = 'caller_id' then
    raise exception 'phone number % is a verified caller ID and cannot be a Ringwise number', new.phone_number
      using errcode = '23505', constraint = 'number_one_identity';
  end if;
  return new;
end;
$$;
revoke all on function private.check_virtual_number_one_identity() from public, anon, authenticated;

create trigger virtual_numbers_one_identity
  before insert or update of phone_number, status on public.virtual_numbers
  for each row execute function private.check_virtual_number_one_identity();

-- a caller ID becomes verified (or a verified one changes number): not while the number is held by anyone else
create or replace function private.check_caller_id_one_identity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_holder text;
begin
  if new.verification_status <> 'verified' or new.deleted_at is not null
     or (tg_op = 'UPDATE' and old.verification_status = 'verified' and old.deleted_at is null and old.phone_number = new.phone_number) then
    return new;
  end if;
  -- the entry itself is not counted: it is not verified yet (or was verified under another number)
  v_holder := private.number_holder(new.phone_number);
  if v_holder = 'virtual_number' then
    raise exception 'caller ID % is a Ringwise number (a virtual number, bought or being bought) and cannot be verified', new.phone_number
      using errcode = '23505', constraint = 'number_one_identity';
  elsif v_holder = 'caller_id' then
    raise exception 'caller ID % is already verified by another account', new.phone_number
      using errcode = '23505', constraint = 'number_one_identity';
  end if;
  return new;
end;
$$;
revoke all on function private.check_caller_id_one_identity() from public, anon, authenticated;

create trigger verified_caller_ids_one_identity
  before insert or update of verification_status, deleted_at, phone_number on public.verified_caller_ids
  for each row execute function private.check_caller_id_one_identity();

-- the conflicts written before this migration ---------------------------------------------------------------------

-- A verified caller ID whose number is (also) a Ringwise number, or that another account verified earlier, ends
-- failed, as its verification would end now; it stays listed, so its owner sees why it no longer shows, and removing
-- it removes it at the carrier too. It stops being its owner's default caller ID unless the owner holds the number.
with superseded as (
  update public.verified_caller_ids c
  set verification_status = 'failed', validation_code = null
  where c.verification_status = 'verified' and c.deleted_at is null
    and (
      exists (select 1 from public.virtual_numbers n where n.phone_number = c.phone_number and n.status <> 'released')
      or exists (select 1 from public.verified_caller_ids first
                 where first.phone_number = c.phone_number and first.verification_status = 'verified' and first.deleted_at is null
                   and (first.updated_at, first.id) < (c.updated_at, c.id))
    )
  returning c.user_id, c.phone_number
)
update public.users u
set default_caller_id = null
from superseded s
where u.id = s.user_id and u.default_caller_id = s.phone_number
  and not exists (select 1 from public.virtual_numbers n where n.user_id = u.id and n.phone_number = u.default_caller_id and n.is_active);
