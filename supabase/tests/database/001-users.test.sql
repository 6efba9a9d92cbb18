-- public.users: the profile trigger, own-row access, and the columns a user may not write.
begin;
select plan(22);

insert into auth.users (id, email, raw_user_meta_data) values
  ('11111111-1111-4111-8111-111111111111', 'a@example.test', '{"first_name":"Ada","last_name":"Lovelace"}'),
  ('22222222-2222-4222-8222-222222222222', 'b@example.test', '{"firstName":"Bob","lastName":"Builder"}');

select policies_are('public', 'users', array['Users can view their own profile', 'Users can update their own profile']);

select results_eq(
  $$ select balance, role, auto_recharge_enabled, auto_recharge_trigger, auto_recharge_amount,
            low_balance_alert_enabled, low_balance_alert_threshold, email, first_name, last_name
     from public.users where id = '11111111-1111-4111-8111-111111111111' $$,
  $$ values (0.00::numeric(10, 2), 'customer'::varchar(20), false, 5.00::numeric(10, 2), 25.00::numeric(10, 2),
             true, 5.00::numeric(10, 2), 'a@example.test'::text, 'Ada'::text, 'Lovelace'::text) $$,
  'the auth.users trigger creates the profile with the spec defaults and the names'
);
select results_eq(
  $$ select first_name, last_name from public.users where id = '22222222-2222-4222-8222-222222222222' $$,
  $$ values ('Bob'::text, 'Builder'::text) $$,
  'camelCase names in raw_user_meta_data are copied too'
);

update auth.users set email = 'a2@example.test' where id = '11111111-1111-4111-8111-111111111111';
select is((select email from public.users where id = '11111111-1111-4111-8111-111111111111'), 'a2@example.test', 'a changed e-mail reaches the profile');

-- as user A
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}', true);

select results_eq($$ select id from public.users $$, array['11111111-1111-4111-8111-111111111111'::uuid], 'A sees only their own profile');
select is_empty($$ select * from public.users where id = '22222222-2222-4222-8222-222222222222' $$, 'B''s profile is invisible to A');
select lives_ok($$ update public.users set first_name = 'Alice', low_balance_alert_threshold = 20.00 where id = '11111111-1111-4111-8111-111111111111' $$, 'A may edit their name and preferences');
select is((select first_name from public.users where id = '11111111-1111-4111-8111-111111111111'), 'Alice', 'A''s name changed');
select is_empty($$ update public.users set first_name = 'Mallory' where id = '22222222-2222-4222-8222-222222222222' returning id $$, 'A cannot update B''s profile');
select throws_ok($$ update public.users set balance = 1000 where id = '11111111-1111-4111-8111-111111111111' $$, '42501', 'permission denied for table users', 'A cannot write their balance');
select throws_ok($$ update public.users set role = 'admin' where id = '11111111-1111-4111-8111-111111111111' $$, '42501', 'permission denied for table users', 'A cannot write their role');
select throws_ok($$ update public.users set email = 'x@example.test' where id = '11111111-1111-4111-8111-111111111111' $$, '42501', 'permission denied for table users', 'A cannot write their email');
select throws_ok($$ update public.users set stripe_customer_id = 'cus_x' where id = '11111111-1111-4111-8111-111111111111' $$, '42501', 'permission denied for table users', 'A cannot write their Stripe customer id');
select throws_ok($$ update public.users set id = '22222222-2222-4222-8222-222222222222' where id = '11111111-1111-4111-8111-111111111111' $$, '42501', 'permission denied for table users', 'A cannot change their id');
select throws_ok($$ insert into public.users (id, email) values (gen_random_uuid(), 'new@example.test') $$, '42501', 'permission denied for table users', 'A cannot insert profiles');
select throws_ok($$ delete from public.users where id = '11111111-1111-4111-8111-111111111111' $$, '42501', 'permission denied for table users', 'A cannot delete profiles');
select throws_ok($$ select * from auth.users $$, '42501', 'permission denied for table users', 'A cannot read auth.users');

-- as anon
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select throws_ok($$ select * from public.users $$, '42501', 'permission denied for table users', 'anon cannot read profiles');
select throws_ok($$ update public.users set first_name = 'x' $$, '42501', 'permission denied for table users', 'anon cannot update profiles');

reset role;
select is((select first_name from public.users where id = '22222222-2222-4222-8222-222222222222'), 'Bob', 'B''s profile is unchanged');
select is((select balance from public.users where id = '11111111-1111-4111-8111-111111111111'), 0.00::numeric(10, 2), 'A''s balance is unchanged');
select is((select role from public.users where id = '11111111-1111-4111-8111-111111111111'), 'customer'::varchar(20), 'A''s role is unchanged');

select * from finish();
rollback;
