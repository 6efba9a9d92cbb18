// The kinds of destination a rate deck prices, plain data for both sides.

/** Every number type, in the order ties resolve and country pages list them. */
export const numberTypes = ['landline', 'mobile', 'toll-free', 'shared-cost', 'premium', 'other'] as const;
export type NumberType = (typeof numberTypes)[number];

/** What a country page calls an entry of the deck without a name. */
export const standardRateName = 'Standard Rate';
