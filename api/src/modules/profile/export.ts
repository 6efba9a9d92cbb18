// GET /api/user/export: everything stored about the signed-in user, as one JSON document. Every read runs in
// the user's own transaction, so row-level security decides what is theirs; no secret is read (no password
// hash, no session or refresh token, no verification code, no carrier ids).
import type { UserExport } from '@ringwise/contract/schemas';
import { isoUtcSql, type Sql } from '../../db/database.ts';
import { getCurrentUser } from '../users/service.ts';
import { avatarUrl } from './avatar.ts';

// null stays null: isoUtcSql's text of a null timestamp is null
const iso = isoUtcSql;

export async function exportUserData(sql: Sql, userId: string, now = new Date()): Promise<UserExport> {
  const profile = await getCurrentUser(sql, userId);
  const [avatar] = await sql.query<{ id: string; contentType: string; bytes: number; createdAt: string }>(
    `select id::text as id, content_type as "contentType", octet_length(image) as bytes, ${iso('created_at')} as "createdAt"
     from public.avatars`,
  );
  const contacts = await sql.query<UserExport['contacts'][number]>(
    `select id::text as id, display_name as "displayName", primary_number as "primaryNumber", country_code as "countryCode",
            email, notes, favorite, ${iso('created_at')} as "createdAt", ${iso('updated_at')} as "updatedAt"
     from public.contacts where deleted_at is null order by created_at, id`,
  );
  const calls = await sql.query<UserExport['calls'][number]>(
    `select id::text as id, destination_number as "destinationNumber", from_number as "fromNumber", status,
            calling_method as "callingMethod", call_direction as "callDirection", duration, cost::text as cost, rate::text as rate,
            ${iso('start_time')} as "startTime", ${iso('end_time')} as "endTime", end_reason as "endReason", ${iso('created_at')} as "createdAt"
     from public.calls order by created_at, id`,
  );
  const transactions = await sql.query<UserExport['transactions'][number]>(
    `select id::text as id, type, amount::text as amount, description, status, call_id::text as "callId", ${iso('created_at')} as "createdAt"
     from public.transactions order by created_at, id`,
  );
  const virtualNumbers = await sql.query<UserExport['virtualNumbers'][number]>(
    `select id::text as id, phone_number as "phoneNumber", country as "countryCode", number_type as "numberType", region, locality,
            monthly_price::text as "monthlyPrice", status, ${iso('purchased_at')} as "purchasedAt", ${iso('renews_at')} as "renewsAt",
            ${iso('released_at')} as "releasedAt"
     from public.virtual_numbers order by purchased_at, id`,
  );
  const verifiedCallerIds = await sql.query<UserExport['verifiedCallerIds'][number]>(
    `select id::text as id, phone_number as "phoneNumber", friendly_name as "friendlyName", verification_status as "verificationStatus",
            ${iso('created_at')} as "createdAt", ${iso('updated_at')} as "updatedAt"
     from public.verified_caller_ids where deleted_at is null order by created_at, id`,
  );
  return {
    exportedAt: now.toISOString(),
    profile,
    avatar: avatar ? { ...avatar, bytes: Number(avatar.bytes), url: avatarUrl(avatar.id) } : null,
    contacts,
    calls: calls.map((call) => ({ ...call, duration: call.duration === null ? null : Number(call.duration) })),
    transactions,
    virtualNumbers,
    verifiedCallerIds,
  };
}

/** The download's file name: ringwise-export-2026-11-26.json. */
export const exportFileName = (now = new Date()) => `ringwise-export-${now.toISOString().slice(0, 10)}.json`;
