-- An incoming call rings the owner of a number only while they are signed in somewhere (issue: a signed-out browser
-- keeps ringing). Twilio cannot revoke a browser's access token before it expires, so a page signed out (or an account
-- deleted) could stay registered for the token's life; the voice webhook asks this function instead, and a call for
-- a user with no live session is handled as unanswered. Live: as private.session_live says of one session (a row in
-- auth.sessions not past not_after, with a refresh token that is not revoked), for any session of the user.

create or replace function private.has_live_session(p_user_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from auth.sessions s
    where s.user_id = p_user_id and (s.not_after is null or s.not_after > now())
      and exists (select 1 from auth.refresh_tokens r where r.session_id = s.id and r.revoked is not true)
  );
$$;
comment on function private.has_live_session(uuid) is
  'Whether the user is signed in anywhere: any of their sessions live as private.session_live says. The incoming-call webhook rings their browser only then. Called by the api as its own role.';
revoke all on function private.has_live_session(uuid) from public, anon, authenticated;
