-- public.rates and public.rate_deck_state: rates are public (anon and authenticated read them), only
-- privileged code writes; every change of the deck bumps the version; rate_at finds past rates.
begin;
select plan(27);

select ok((select relrowsecurity from pg_catalog.pg_class where oid = 'public.rates'::regclass), 'RLS is enabled on public.rates');
select ok((select relrowsecurity from pg_catalog.pg_class where oid = 'public.rate_deck_state'::regclass), 'RLS is enabled on public.rate_deck_state');
select policies_are('public', 'rates', array['Anyone can view rates']);
select policy_roles_are('public', 'rates', 'Anyone can view rates', array['anon', 'authenticated']);
select policies_are('public', 'rate_deck_state', array['Anyone can view the rate deck version']);

create temporary table version_before on commit drop as select version from public.rate_deck_state;
grant select on version_before to anon, authenticated;

insert into public.rates (prefix, country, name, number_type, price_per_minute, effective_from) values
  ('44', 'GB', '', 'landline', 0.018, '2020-01-01'),
  ('4477', 'GB', 'Mobile', 'mobile', 0.032, '2020-01-01'),
  ('4477', 'GB', 'Mobile', 'mobile', 0.040, '2025-01-01'),
  ('1', 'US', '', 'landline', 0.015, '2020-01-01'),
  ('1', 'US', 'Mobile', 'mobile', 0.025, '2020-01-01');

select is((select version from public.rate_deck_state), (select version + 1 from version_before), 'an insert statement bumps the deck version once');

-- anon --------------------------------------------------------------------------------------------------
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);

select is((select count(*)::int from public.rates), 5, 'anon reads the rates');
select is((select count(*)::int from public.rate_deck_state), 1, 'anon reads the deck version');
select throws_ok(
  $$ insert into public.rates (prefix, country, number_type, price_per_minute) values ('33', 'FR', 'landline', 0.01) $$,
  '42501', 'permission denied for table rates', 'anon cannot add rates'
);
select throws_ok($$ update public.rates set price_per_minute = 0 $$, '42501', 'permission denied for table rates', 'anon cannot change rates');
select throws_ok($$ delete from public.rates $$, '42501', 'permission denied for table rates', 'anon cannot delete rates');
select throws_ok($$ update public.rate_deck_state set version = 0 $$, '42501', 'permission denied for table rate_deck_state', 'anon cannot touch the version');
select results_eq(
  $$ select prefix, price_per_minute from public.rate_at('+44 7700 900123', '2024-06-01') $$,
  $$ values ('4477'::text, 0.032::numeric(10, 6)) $$,
  'rate_at: the longest prefix, at the rate it had then'
);
select results_eq(
  $$ select price_per_minute from public.rate_at('447700900123') $$,
  $$ values (0.040::numeric(10, 6)) $$,
  'rate_at: the latest rate that has started'
);

-- authenticated -----------------------------------------------------------------------------------------
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}', true);

select is((select count(*)::int from public.rates), 5, 'authenticated reads the rates');
select throws_ok(
  $$ insert into public.rates (prefix, country, number_type, price_per_minute) values ('33', 'FR', 'landline', 0.01) $$,
  '42501', 'permission denied for table rates', 'authenticated cannot add rates'
);
select throws_ok($$ update public.rates set price_per_minute = 0 $$, '42501', 'permission denied for table rates', 'authenticated cannot change rates');
select throws_ok($$ delete from public.rates $$, '42501', 'permission denied for table rates', 'authenticated cannot delete rates');
select throws_ok($$ truncate public.rates $$, '42501', 'permission denied for table rates', 'authenticated cannot truncate rates');
select throws_ok($$ update public.rate_deck_state set version = 0 $$, '42501', 'permission denied for table rate_deck_state', 'authenticated cannot touch the version');
select results_eq(
  $$ select number_type from public.rate_at('+1 212 555 0123') $$,
  $$ values ('landline'::text), ('mobile'::text) $$,
  'rate_at: a prefix with several types gives them all, cheapest first'
);

-- privileged ---------------------------------------------------------------------------------------------
reset role;

update public.rates set name = 'Mobile UK' where prefix = '4477';
select is((select version from public.rate_deck_state), (select version + 2 from version_before), 'an update bumps the version');
delete from public.rates where prefix = '1' and number_type = 'mobile';
select is((select version from public.rate_deck_state), (select version + 3 from version_before), 'a delete bumps the version');

select throws_ok(
  $$ insert into public.rates (prefix, country, number_type, price_per_minute) values ('44a', 'GB', 'landline', 0.01) $$,
  '23514', null, 'a prefix is digits only'
);
select throws_ok(
  $$ insert into public.rates (prefix, country, number_type, price_per_minute) values ('44', 'GB', 'landline', -0.01) $$,
  '23514', null, 'a price is not negative'
);
select throws_ok(
  $$ insert into public.rates (prefix, country, number_type, price_per_minute) values ('44', 'GB', 'fax', 0.01) $$,
  '23514', null, 'the number type is one of the list'
);
select throws_ok(
  $$ insert into public.rates (prefix, country, number_type, price_per_minute, effective_from) values ('44', 'GB', 'landline', 0.02, '2020-01-01') $$,
  '23505', null, 'one row per prefix, type and start'
);

select * from finish();
rollback;
