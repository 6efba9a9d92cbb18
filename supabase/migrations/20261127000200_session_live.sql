-- Sessions (issue: one session gate): whether an access token's session is still live, as one function the api calls
-- before anything of a signed-in request runs and again in the first statement of each of its transactions. Live:
-- Supabase Auth's session row (the user's own, not past not_after) with a refresh token that is not revoked. Auth
-- deletes the row at sign-out and at the account's deletion, and revokes every refresh token of the session when one
-- is reused outside the reuse interval (the row stays): either ends the session for the api too.
-- plpgsql keeps the plan of its query per connection, so the statements calling it have nothing to plan.

create or replace function private.session_live(p_session_id uuid, p_user_id uuid)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  return exists (
    select 1 from auth.sessions s
    where s.id = p_session_id and s.user_id = p_user_id and (s.not_after is null or s.not_after > now())
      and exists (select 1 from auth.refresh_tokens r where r.session_id = s.id and r.revoked is not true)
  );
end;
$$;
comment on function private.session_live(uuid, uuid) is
  'Whether the session of an access token is live: the user''s row in auth.sessions, not past not_after, with a refresh token not revoked. Called by the api as its own role.';
revoke all on function private.session_live(uuid, uuid) from public, anon, authenticated;

-- The first statement of a signed-in request's transaction: the session checked first, as the connection's own role,
-- then (only when live) the role authenticated and the verified claims entered for the rest of the transaction.
-- In this order by construction: a query that checked in a subquery and set the role in its select list would depend
-- on the order the planner evaluates them in.
create or replace function private.enter_session(p_role text, p_claims text, p_session_id uuid, p_user_id uuid)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  v_live boolean := private.session_live(p_session_id, p_user_id);
begin
  if v_live then
    perform set_config('request.jwt.claims', p_claims, true);
    perform set_config('role', p_role, true);
  end if;
  return v_live;
end;
$$;
comment on function private.enter_session(text, text, uuid, uuid) is
  'Checks the session of an access token (private.session_live), then, when live, enters the role and claims for the rest of the transaction. Called by the api as its own role.';
revoke all on function private.enter_session(text, text, uuid, uuid) from public, anon, authenticated;
