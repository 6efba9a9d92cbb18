// GET /api/user/export: everything stored about the signed-in user, as one JSON document. Every read runs in
// the user's own transaction, so row-level security decides what is theirs; no secret is read (no password
// hash, no session or refresh token, no verification code, no carrier ids).
import type { UserExport } from '@ringwise/contract/schemas';
import { isoUtcSql, type Sql } from '../../db/database.ts';
import { selectList } from '../../lib/select-list.ts';
import { getCurrentUser } from '../users/service.ts';
import { avatarUrl } from './avatar.ts';

// null stays null: isoUtcSql's text of a null timestamp is null
const iso = isoUtcSql;

// the avatar's url is made from its id
const avatarColumns = selectList<Omit<NonNullable<UserExport['avatar']>, 'url'>>({
  id: 'id::text',
  contentType: 'content_type',
  bytes: 'octet_length(image)',
  createdAt: iso('created_at'),
});

const contactColumns = selectList<UserExport['contacts'][number]>({
  id: 'id::text',
  displayName: 'display_name',
  primaryNumber: 'primary_number',
  countryCode: 'country_code',
  email: 'email',
  notes: 'notes',
  favorite: 'favorite',
  createdAt: iso('created_at'),
  updatedAt: iso('updated_at'),
});

const callColumns = selectList<UserExport['calls'][number]>({
  id: 'id::text',
  destinationNumber: 'destination_number',
  fromNumber: 'from_number',
  status: 'status',
  callingMethod: 'calling_method',
  callDirection: 'call_direction',
  duration: 'duration',
  cost: 'cost::text',
  rate: 'rate::text',
  startTime: iso('start_time'),
  endTime: iso('end_time'),
  endReason: 'end_reason',
  createdAt: iso('created_at'),
  voicemail: `case when voicemail_at is null then null else json_build_object('createdAt', ${iso('voicemail_at')}, 'durationSeconds', coalesce(recording_duration, 0), 'audioPath', '/api/calls/' || id::text || '/voicemail') end`,
  forwardedFrom: 'forwarded_from::text',
});

const transactionColumns = selectList<UserExport['transactions'][number]>({
  id: 'id::text',
  type: 'type',
  amount: 'amount::text',
  description: 'description',
  status: 'status',
  callId: 'call_id::text',
  createdAt: iso('created_at'),
});

const virtualNumberColumns = selectList<UserExport['virtualNumbers'][number]>({
  id: 'id::text',
  phoneNumber: 'phone_number',
  countryCode: 'country',
  numberType: 'number_type',
  region: 'region',
  locality: 'locality',
  monthlyPrice: 'monthly_price::text',
  status: 'status',
  purchasedAt: iso('purchased_at'),
  renewsAt: iso('renews_at'),
  releasedAt: iso('released_at'),
  forwardingMode: 'forwarding_mode',
  forwardTo: 'forward_to',
});

const callerIdColumns = selectList<UserExport['verifiedCallerIds'][number]>({
  id: 'id::text',
  phoneNumber: 'phone_number',
  friendlyName: 'friendly_name',
  verificationStatus: 'verification_status',
  createdAt: iso('created_at'),
  updatedAt: iso('updated_at'),
});

export async function exportUserData(sql: Sql, userId: string, now = new Date()): Promise<UserExport> {
  const profile = await getCurrentUser(sql, userId);
  const [avatar] = await avatarColumns.rows(sql, (list) => `select ${list} from public.avatars`);
  const contacts = await contactColumns.rows(sql, (list) => `select ${list} from public.contacts where deleted_at is null order by created_at, id`);
  const calls = await callColumns.rows(sql, (list) => `select ${list} from public.calls order by created_at, id`);
  const transactions = await transactionColumns.rows(sql, (list) => `select ${list} from public.transactions order by created_at, id`);
  const virtualNumbers = await virtualNumberColumns.rows(sql, (list) => `select ${list} from public.virtual_numbers order by purchased_at, id`);
  const verifiedCallerIds = await callerIdColumns.rows(
    sql,
    (list) => `select ${list} from public.verified_caller_ids where deleted_at is null order by created_at, id`,
  );
  return {
    exportedAt: now.toISOString(),
    profile,
    avatar: avatar ? { ...avatar, url: avatarUrl(avatar.id) } : null,
    contacts,
    calls,
    transactions,
    virtualNumbers,
    verifiedCallerIds,
  };
}

/** The download's file name: ringwise-export-2026-11-26.json. */
export const exportFileName = (now = new Date()) => `ringwise-export-${now.toISOString().slice(0, 10)}.json`;
