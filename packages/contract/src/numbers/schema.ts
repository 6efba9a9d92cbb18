// Virtual numbers (spec §3 virtual_numbers, §7 Virtual numbers) and verified caller IDs (spec §3
// verified_caller_ids, §7 Verified caller IDs).
import { Type, type Static } from '@sinclair/typebox';
import { CountryCode, E164, IdParams, Money, NoContent, Nullable, OneOf, Timestamp, Uuid } from '../values.ts';
import { callerIdMessages, maxFriendlyNameLength, numberSearchTypes, virtualNumberTypes } from './rules.ts';

export const VirtualNumberType = OneOf(virtualNumberTypes, { error: `numberType must be one of ${virtualNumberTypes.join(', ')}` });
export const NumberSearchType = OneOf(numberSearchTypes, { error: `searchType must be one of ${numberSearchTypes.join(', ')}` });

/** `active`: paid; `grace`: a renewal could not be paid, released at `graceEndsAt` unless paid; `released`: gone. */
export const virtualNumberStatuses = ['active', 'grace', 'released'] as const;

export const VirtualNumber = Type.Object(
  {
    id: Uuid,
    phoneNumber: E164,
    countryCode: CountryCode,
    numberType: VirtualNumberType,
    region: Nullable(Type.String()),
    locality: Nullable(Type.String()),
    monthlyPrice: Money,
    isActive: Type.Boolean(),
    status: OneOf(virtualNumberStatuses),
    purchasedAt: Timestamp,
    /** When the next month is charged (the end of the month paid for). */
    renewsAt: Timestamp,
    /** In grace: when the number is released unless the renewal is paid by then. */
    graceEndsAt: Nullable(Timestamp),
  },
  { additionalProperties: false },
);
export type VirtualNumber = Static<typeof VirtualNumber>;

export const CountryQuery = Type.Object({ country: Type.String({ pattern: '^[A-Za-z]{2}$', error: 'country must be a 2-letter country code' }) });

/** GET /api/virtual-numbers/pricing?country=GB (spec §3 'Pricing response'), cacheable for an hour. */
export const NumberPricing = Type.Object(
  {
    /** The country's English name. */
    country: Type.String(),
    countryCode: CountryCode,
    hasAnyNumbers: Type.Boolean(),
    numberTypes: Type.Array(
      Type.Object(
        { numberType: VirtualNumberType, available: Type.Boolean(), price: Nullable(Money) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type NumberPricing = Static<typeof NumberPricing>;

export const NumberSearchInput = Type.Object(
  {
    country: Type.String({ pattern: '^[A-Za-z]{2}$', error: 'Please select a country' }),
    /** The pattern: an area code for US/CA, part of the national number elsewhere (digits). */
    areaCode: Type.Optional(Type.String({ maxLength: 20, error: 'The pattern can only contain digits' })),
    searchType: NumberSearchType,
    numberType: VirtualNumberType,
  },
  { additionalProperties: false },
);
export type NumberSearchInput = Static<typeof NumberSearchInput>;

/** spec §3 'Available number search result'. */
export const AvailableNumber = Type.Object(
  {
    phoneNumber: E164,
    numberType: VirtualNumberType,
    price: Money,
    locality: Nullable(Type.String()),
    region: Nullable(Type.String()),
  },
  { additionalProperties: false },
);
export type AvailableNumber = Static<typeof AvailableNumber>;

export const NumberPurchaseInput = Type.Object(
  {
    phoneNumber: Type.String({ maxLength: 32, error: 'phoneNumber must be a number from the search results' }),
    country: Type.String({ pattern: '^[A-Za-z]{2}$', error: 'Please select a country' }),
    region: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    /** The monthly price the user saw; the server prices the number itself and refuses a different one. */
    price: Money,
    numberType: Type.Optional(VirtualNumberType),
  },
  { additionalProperties: false },
);
export type NumberPurchaseInput = Static<typeof NumberPurchaseInput>;

export const VerifiedCallerId = Type.Object(
  {
    id: Uuid,
    phoneNumber: E164,
    friendlyName: Nullable(Type.String()),
    /** pending → verified (spec §4); other values (failed) are shown as they are. */
    verificationStatus: Type.String(),
    /** The 6-digit code to type when the verification call comes; null once verified. */
    validationCode: Nullable(Type.String()),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { additionalProperties: false },
);
export type VerifiedCallerId = Static<typeof VerifiedCallerId>;

export const CallerIdInitiateInput = Type.Object(
  {
    phoneNumber: Type.String({ maxLength: 32, error: callerIdMessages.e164 }),
    friendlyName: Type.Optional(Nullable(Type.String({ maxLength: maxFriendlyNameLength, error: callerIdMessages.friendlyNameTooLong }))),
  },
  { additionalProperties: false },
);
export type CallerIdInitiateInput = Static<typeof CallerIdInitiateInput>;

/** spec §3 'Verified caller ID initiate response': the entry plus message, validationCode and phoneNumber. */
export const CallerIdInitiated = Type.Object(
  {
    entry: VerifiedCallerId,
    message: Type.String(),
    validationCode: Type.String({ pattern: '^\\d{6}$' }),
    phoneNumber: E164,
  },
  { additionalProperties: false },
);
export type CallerIdInitiated = Static<typeof CallerIdInitiated>;

export const CallerIdStatus = Type.Object(
  { verificationStatus: Type.String(), phoneNumber: E164 },
  { additionalProperties: false },
);
export type CallerIdStatus = Static<typeof CallerIdStatus>;

export const numberSchemas = {
  listVirtualNumbers: { response: { 200: Type.Array(VirtualNumber) } },
  getNumberPricing: { query: CountryQuery, response: { 200: NumberPricing } },
  searchNumbers: { body: NumberSearchInput, response: { 200: Type.Array(AvailableNumber) } },
  purchaseNumber: { body: NumberPurchaseInput, response: { 201: VirtualNumber } },
  releaseNumber: { params: IdParams, response: { 204: NoContent } },
  listCallerIds: { response: { 200: Type.Array(VerifiedCallerId) } },
  initiateCallerId: { body: CallerIdInitiateInput, response: { 201: CallerIdInitiated } },
  checkCallerIdStatus: { params: IdParams, response: { 200: CallerIdStatus } },
  deleteCallerId: { params: IdParams, response: { 204: NoContent } },
};
