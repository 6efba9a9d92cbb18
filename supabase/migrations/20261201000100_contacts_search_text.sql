-- One folded column for the contacts search (issue #24). A search matched name, e-mail and number as three
-- columns: a rare term was two or three bitmap scans of the trigram index, each through posting lists that span
-- every user's contacts, and a common one three LIKE filters per index entry. At 16 searches at once that was three
-- quarters of PostgreSQL's time per request (~0.4 ms of a ~0.55 ms search).
--
-- search_text holds the three, folded, with U+0001 between them: one trigram scan and one LIKE per entry. A term
-- cannot match across two fields, because no term contains U+0001 (the api drops control characters from a
-- search) and stored numbers are "+" and digits only; a phone-like term's digits may now also match a name or an
-- e-mail holding them, as its text already did.
alter table public.contacts
  add column search_text text generated always as (
    lower(display_name) || E'\x01' || lower(coalesce(email, '')) || E'\x01' || primary_number
  ) stored;
comment on column public.contacts.search_text is
  'lower(display_name), lower(coalesce(email, '''')) and primary_number, with U+0001 between them: what the search matches (generated).';

drop index public.contacts_search_trgm_idx;
create index contacts_search_text_trgm_idx on public.contacts using gin (user_id, search_text gin_trgm_ops)
  where deleted_at is null;

-- the list's order, with the search's one column as payload (an index-only scan filters on it)
drop index public.contacts_user_list_search_idx;
create index contacts_user_list_search_idx
  on public.contacts (user_id, favorite desc, search_name, display_name, created_at, id)
  include (search_text)
  where deleted_at is null;

alter table public.contacts drop column search_email;

/** As before (20261130000100), matching the one column: p_pattern is the folded text, p_number_pattern the digits. */
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
       and (($2::text is null and $3::text is null) or s.search_text like $2 or s.search_text like $3)
       and ($4::uuid is null or s.favorite < $5 or (s.favorite = $5 and (s.search_name, s.display_name, s.created_at, s.id) > ($6, $7, $8, $4)))
     order by s.favorite desc, s.search_name, s.display_name, s.created_at, s.id
     limit $9'
    using v_user, p_pattern, p_number_pattern, p_after, v_favorite, v_name, v_display, v_created, least(p_limit, 1000);
end;
$$;
