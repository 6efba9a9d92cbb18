-- Contacts search that an index can serve (issue #24). Under row-level security a LIKE can only filter the user's
-- index entries, never pick them (LIKE is not leakproof), so a search for a rare name or number read all of a user's
-- entries: 5,000 contacts cost 1-3 ms of database time per search, and 16 searches at once kept two cores busy.
--
-- public.contact_search_page gives the ids of one page of the signed-in user's live contacts, in the list's order,
-- filtered by the search. It runs as its owner (security definer), so the trigram index below may pick the matches,
-- and it narrows to the caller's own rows itself: `user_id = auth.uid()`, nothing for a request without a user. The
-- api reads the page's rows by those ids under RLS as before, so a wrong id could still never show another user's
-- contact. The query is planned for each call's values (EXECUTE … USING): a rare term goes through the trigram
-- index (0.1-0.3 ms), a common one or a blank search through the list's index, stopping at the page's end.
create index contacts_search_trgm_idx on public.contacts using gin (
  user_id,
  search_name gin_trgm_ops,
  search_email gin_trgm_ops,
  primary_number gin_trgm_ops
) where deleted_at is null;

/** One page of the caller's live contacts in the list's order (favorites first, then by name ignoring case,
 *  created_at and id): those whose folded name or e-mail is like p_pattern, or whose number is like
 *  p_number_pattern (each null: no such filter; both null: every contact), after the contact p_after (null: from
 *  the start; not one of the caller's: nothing). At most p_limit ids (1 to 1,000). */
create or replace function public.contact_search_page(p_pattern text, p_number_pattern text, p_after uuid, p_limit integer)
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
rows 51
as $$
declare
  v_user uuid := auth.uid();
  v_favorite boolean;
  v_name text;
  v_display text;
  v_created timestamptz;
begin
  if v_user is null or p_limit is null or p_limit < 1 then
    return;
  end if;
  if p_after is not null then
    -- a contact deleted since its page was shown still marks the place after it
    select c.favorite, c.search_name, c.display_name, c.created_at into v_favorite, v_name, v_display, v_created
    from public.contacts c where c.id = p_after and c.user_id = v_user;
    if not found then
      return;
    end if;
  end if;
  return query execute
    'select s.id from public.contacts s
     where s.user_id = $1 and s.deleted_at is null
       and (($2::text is null and $3::text is null) or s.search_name like $2 or s.search_email like $2 or s.primary_number like $3)
       and ($4::uuid is null or s.favorite < $5 or (s.favorite = $5 and (s.search_name, s.display_name, s.created_at, s.id) > ($6, $7, $8, $4)))
     order by s.favorite desc, s.search_name, s.display_name, s.created_at, s.id
     limit $9'
    using v_user, p_pattern, p_number_pattern, p_after, v_favorite, v_name, v_display, v_created, least(p_limit, 1000);
end;
$$;
select private.expose_to_signed_in(array['public.contact_search_page(text, text, uuid, integer)']);
