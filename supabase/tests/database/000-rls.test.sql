-- Row-level security is on for every table of public, anon holds no privilege on the tables of the
-- spec, and the private schema (security definer code) is out of reach of anon and authenticated.
begin;
select plan(11);

select ok(
  (select c.relrowsecurity from pg_catalog.pg_class c where c.oid = format('public.%I', t)::regclass),
  format('RLS is enabled on public.%s', t)
)
from unnest(array['users', 'calls', 'transactions', 'contacts', 'virtual_numbers', 'verified_caller_ids']) as t;

select is_empty(
  $$ select c.relname
     from pg_catalog.pg_class c
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity $$,
  'no table of public lacks RLS'
);

select is_empty(
  $$ select t
     from unnest(array['users', 'calls', 'transactions', 'contacts', 'virtual_numbers', 'verified_caller_ids']) as t
     where has_table_privilege('anon', format('public.%I', t), 'select, insert, update, delete, truncate, references, trigger')
        or has_any_column_privilege('anon', format('public.%I', t), 'select, insert, update, references') $$,
  'anon holds no privilege on the tables of the spec'
);

select ok(
  not has_schema_privilege('anon', 'private', 'usage') and not has_schema_privilege('authenticated', 'private', 'usage'),
  'anon and authenticated have no usage on schema private'
);

select is_empty(
  $$ select p.oid::regprocedure::text
     from pg_catalog.pg_proc p
     join pg_catalog.pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'private'
       and (has_function_privilege('anon', p.oid, 'execute')
         or has_function_privilege('authenticated', p.oid, 'execute')
         or has_function_privilege('public', p.oid, 'execute')) $$,
  'no function of private is executable by anon, authenticated or public'
);

select is_empty(
  $$ select c.relname
     from pg_catalog.pg_class c
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'auth' and c.relkind = 'r'
       and (has_table_privilege('anon', c.oid, 'select, insert, update, delete')
         or has_table_privilege('authenticated', c.oid, 'select, insert, update, delete')) $$,
  'anon and authenticated cannot touch the auth tables'
);

select * from finish();
rollback;
