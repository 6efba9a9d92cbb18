-- The admin's call list shows each call's quality (issue #23): the worst MOS and the warnings the calling device
-- measured (20261128000100_call_quality.sql), null for a call whose device sent none. Same signature, so the
-- grants of 20261126000200_admin.sql stay.

/** Calls of everyone, newest first, filtered by user, status, destination prefix (a country's calling code) and
 *  UTC dates (inclusive); each with its itemised cost, its refund if any and its quality summary if the device sent one. */
create or replace function public.admin_calls(p_user uuid, p_status text, p_prefix text, p_from date, p_to date, p_limit integer, p_offset integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return (
    with matching as (
      select c.* from public.calls c
      where (p_user is null or c.user_id = p_user)
        and (p_status is null or c.status = p_status)
        and (p_prefix is null or c.destination_number like '+' || p_prefix || '%')
        and (p_from is null or c.created_at >= p_from::timestamp at time zone 'UTC')
        and (p_to is null or c.created_at < (p_to + 1)::timestamp at time zone 'UTC')
    )
    select jsonb_build_object(
      'total', (select count(*) from matching),
      'calls', coalesce((
        select jsonb_agg(jsonb_build_object(
                 'id', m.id, 'userId', m.user_id, 'userEmail', u.email, 'destinationNumber', m.destination_number,
                 'fromNumber', m.from_number, 'direction', m.call_direction, 'status', m.status,
                 'rateName', m.rate_name, 'ratePerMinute', m.rate::text, 'connectionFee', m.connection_fee::text,
                 'duration', m.duration, 'billedSeconds', m.billed_seconds, 'cost', m.cost::text,
                 'refunded', (select r.amount::text from public.transactions r where r.type = 'refund' and r.call_id = m.id),
                 'quality', case when m.quality_worst_mos is null and m.quality_warnings is null then null
                                 else jsonb_build_object('worstMos', m.quality_worst_mos, 'warnings', coalesce(to_jsonb(m.quality_warnings), '[]'::jsonb)) end,
                 'createdAt', private.iso(m.created_at)) order by m.created_at desc, m.id)
        from (select * from matching order by created_at desc, id limit p_limit offset p_offset) m
        join public.users u on u.id = m.user_id), '[]'::jsonb)
    )
  );
end;
$$;
