-- Rates (ARCHITECTURE.md §6, spec §7 Rates and countries): the carrier rate deck, one row per destination
-- prefix (E.164 digits with the calling code, e.g. '447700') and number type, with its price per minute,
-- billing increments and connection fee. Rows are never changed in place: a new price for a prefix is a
-- new row with a later effective_from, so past calls keep the rate they had (public.rate_at). The current
-- deck is, per (prefix, number_type), the latest row with effective_from <= now().
-- Rates are public: anon and authenticated read them; only privileged code (the seed, the importer,
-- admin work) writes. public.rate_deck_state holds a version that a statement trigger bumps on every
-- change of the deck, so each api process can cheaply tell when to rebuild its in-memory index.

create table public.rates (
  id bigint generated always as identity primary key,
  prefix text not null check (prefix ~ '^[0-9]{1,15}$'),
  country text not null check (country ~ '^[A-Z]{2}$'),
  name text not null default '',
  number_type text not null check (number_type in ('landline', 'mobile', 'toll-free', 'shared-cost', 'premium', 'other')),
  price_per_minute numeric(10, 6) not null check (price_per_minute >= 0),
  initial_increment integer not null default 60 check (initial_increment > 0),
  increment integer not null default 60 check (increment > 0),
  connection_fee numeric(10, 6) not null default 0 check (connection_fee >= 0),
  effective_from timestamptz not null default now(),
  created_at timestamptz not null default now()
);
comment on table public.rates is 'The rate deck: price per minute (USD, 6 decimals), initial and later billing increments in seconds and connection fee per destination prefix (E.164 digits with the calling code) and number type. The price of a number is its longest matching prefix. Append-only history: the current rate of a (prefix, number_type) is its latest row with effective_from <= now().';
comment on column public.rates.name is 'Destination name of the carrier deck ("Mobile", "Mobile - Vodafone"); empty is shown as "Standard Rate".';
comment on column public.rates.country is 'ISO 3166-1 alpha-2 of the prefix (longest calling-code match; NANP area codes and other shared calling codes resolved).';

alter table public.rates enable row level security;

-- one row per prefix, type and start; also the index of longest-prefix lookups (prefix = any(...)) and of rate_at
create unique index rates_prefix_number_type_effective_from_key on public.rates (prefix, number_type, effective_from desc);
create index rates_country_idx on public.rates (country);

revoke all on table public.rates from anon, authenticated;
grant select on table public.rates to anon, authenticated;
grant all on table public.rates to service_role;

create policy "Anyone can view rates"
  on public.rates
  for select
  to anon, authenticated
  using (true);

-- the deck version ---------------------------------------------------------------------------------------

create table public.rate_deck_state (
  id boolean primary key default true check (id),
  version bigint not null default 1,
  updated_at timestamptz not null default now()
);
comment on table public.rate_deck_state is 'One row: the version of public.rates, bumped by a statement trigger on every insert, update, delete or truncate of the deck. Api processes poll it to rebuild their in-memory rate index.';

insert into public.rate_deck_state (id, version) values (true, 1);

alter table public.rate_deck_state enable row level security;

revoke all on table public.rate_deck_state from anon, authenticated;
grant select on table public.rate_deck_state to anon, authenticated;
grant all on table public.rate_deck_state to service_role;

create policy "Anyone can view the rate deck version"
  on public.rate_deck_state
  for select
  to anon, authenticated
  using (true);

create or replace function private.bump_rate_deck_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.rate_deck_state set version = version + 1, updated_at = now() where id;
  return null;
end;
$$;
comment on function private.bump_rate_deck_version() is 'Statement trigger of public.rates: bumps public.rate_deck_state.version.';
revoke all on function private.bump_rate_deck_version() from public, anon, authenticated;

create trigger rates_bump_deck_version
  after insert or update or delete or truncate on public.rates
  for each statement execute function private.bump_rate_deck_version();

-- rates at a moment, for billing --------------------------------------------------------------------------

create or replace function public.rate_at(p_number text, p_at timestamptz default now())
returns setof public.rates
language sql
stable
set search_path = ''
as $$
  with digits as (
    select regexp_replace(p_number, '[^0-9]', '', 'g') as d
  ),
  effective as (
    select distinct on (r.prefix, r.number_type) r.*
    from public.rates r, digits
    where r.prefix = any (array(select left(digits.d, n) from generate_series(1, least(length(digits.d), 15)) as n))
      and r.effective_from <= p_at
    order by r.prefix, r.number_type, r.effective_from desc, r.id desc
  )
  select e.*
  from effective e
  where length(e.prefix) = (select max(length(prefix)) from effective)
  order by e.price_per_minute, array_position(array['landline', 'mobile', 'toll-free', 'shared-cost', 'premium', 'other'], e.number_type);
$$;
comment on function public.rate_at(text, timestamptz) is 'The deck rows of the longest prefix of a number (or prefix) that had a rate at p_at, each (prefix, number_type) at its latest effective_from <= p_at. Several rows when that prefix has several number types: the caller picks by the number''s type (libphonenumber MOBILE or FIXED_LINE), else the first (cheapest, then landline, mobile, toll-free, shared-cost, premium, other).';
revoke all on function public.rate_at(text, timestamptz) from public;
grant execute on function public.rate_at(text, timestamptz) to anon, authenticated, service_role;
