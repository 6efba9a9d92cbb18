// Rows of public.virtual_numbers and public.verified_caller_ids as the contract shapes them.
import type { VerifiedCallerId, VirtualNumber } from '@ringwise/contract/schemas';
import { isoUtcSql } from '../../db/database.ts';

export interface VirtualNumberRow {
  id: string;
  user_id: string;
  phone_number: string;
  country: string;
  number_type: VirtualNumber['numberType'];
  region: string | null;
  locality: string | null;
  monthly_price: string;
  is_active: boolean;
  status: 'pending' | VirtualNumber['status'];
  twilio_sid: string | null;
  purchased_at: string;
  renews_at: string | null;
  grace_ends_at: string | null;
}

export const virtualNumberColumns = `id, user_id, phone_number, country, number_type, region, locality,
  monthly_price::text as monthly_price, is_active, status, twilio_sid,
  ${isoUtcSql('purchased_at')} as purchased_at, ${isoUtcSql('renews_at')} as renews_at, ${isoUtcSql('grace_ends_at')} as grace_ends_at`;

export function toVirtualNumber(row: VirtualNumberRow): VirtualNumber {
  return {
    id: row.id,
    phoneNumber: row.phone_number,
    countryCode: row.country,
    numberType: row.number_type,
    region: row.region,
    locality: row.locality,
    monthlyPrice: row.monthly_price,
    isActive: row.is_active,
    status: row.status === 'pending' ? 'active' : row.status,
    purchasedAt: row.purchased_at,
    renewsAt: row.renews_at ?? row.purchased_at,
    graceEndsAt: row.grace_ends_at,
  };
}

export interface CallerIdRow {
  id: string;
  user_id: string;
  phone_number: string;
  friendly_name: string | null;
  verification_status: string;
  validation_code: string | null;
  call_sid: string | null;
  twilio_sid: string | null;
  created_at: string;
  updated_at: string;
}

export const callerIdColumns = `id, user_id, phone_number, friendly_name, verification_status, validation_code, call_sid, twilio_sid,
  ${isoUtcSql('created_at')} as created_at, ${isoUtcSql('updated_at')} as updated_at`;

export function toVerifiedCallerId(row: CallerIdRow): VerifiedCallerId {
  return {
    id: row.id,
    phoneNumber: row.phone_number,
    friendlyName: row.friendly_name,
    verificationStatus: row.verification_status,
    validationCode: row.verification_status === 'pending' ? row.validation_code : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
