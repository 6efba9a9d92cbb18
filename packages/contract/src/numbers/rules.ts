// Virtual numbers and caller IDs, plain data and rules both sides share (spec §2 Virtual Numbers modal, §5, §8).

/** The countries numbers are sold in, in the order the country selector lists them (spec §2: 21 countries). */
export const numberCountries = [
  'US', 'GB', 'CA', 'AU', 'DE', 'FR', 'ES', 'IT', 'NL', 'BE', 'CH', 'SE', 'NO', 'DK', 'FI', 'IE', 'PT', 'PL', 'NZ', 'SG', 'HK',
] as const;
export type NumberCountry = (typeof numberCountries)[number];

/** The kinds of number on sale (the carrier's Local, Mobile and TollFree inventories); local is the default. */
export const virtualNumberTypes = ['local', 'mobile', 'toll-free'] as const;
export type VirtualNumberType = (typeof virtualNumberTypes)[number];
export const defaultVirtualNumberType: VirtualNumberType = 'local';

export const virtualNumberTypeLabels: Record<VirtualNumberType, string> = {
  local: 'Local',
  mobile: 'Mobile',
  'toll-free': 'Toll-free',
};

/** How a pattern matches a number (spec §4: the default is starts_with). */
export const numberSearchTypes = ['starts_with', 'contains', 'ends_with'] as const;
export type NumberSearchType = (typeof numberSearchTypes)[number];
export const defaultNumberSearchType: NumberSearchType = 'starts_with';

export const numberSearchTypeLabels: Record<NumberSearchType, string> = {
  starts_with: 'Starts with',
  contains: 'Contains',
  ends_with: 'Ends with',
};

/** US and CA search by area code; elsewhere by a pattern of the national number (spec §2). */
export function patternFieldOf(country: string): { label: string; examples: readonly string[] } {
  return country === 'US' || country === 'CA'
    ? { label: 'Area Code (Optional)', examples: ['212', '415'] }
    : { label: 'Number Pattern (Optional)', examples: ['262', '030'] };
}

/** A pattern: digits only, 1-10 of them (the national number's digits, a leading 0 allowed). */
export const numberPatternRule = /^\d{1,10}$/;
/** A pattern that is not anchored at the start needs at least two digits (the carrier's rule). */
export const minUnanchoredPatternDigits = 2;

/** The part of a search error message that means "nothing matched" rather than a failure (spec §8). */
export const noAvailableNumbersText = 'No available numbers';

const searchTypeWords: Record<NumberSearchType, string> = {
  starts_with: 'starting with',
  contains: 'containing',
  ends_with: 'ending with',
};

/** The 'No Numbers Available' toast's text (spec §8). */
export function noNumbersFoundMessage(numberType: VirtualNumberType, searchType: NumberSearchType, pattern: string): string {
  const type = virtualNumberTypeLabels[numberType].toLowerCase();
  return pattern ? `No ${type} numbers ${searchTypeWords[searchType]} "${pattern}" found` : `No ${type} numbers available`;
}

/** The error when a number type is not sold in a country (spec §5). */
export function typeNotAvailableMessage(numberType: VirtualNumberType): string {
  return `${virtualNumberTypeLabels[numberType]} numbers are not available for this country`;
}

/** spec §2 Dialer view 'From selector': the caller ID that is none of the user's own numbers (null). */
export const publicNumberLabel = 'Public Number';

/** A caller ID's usable status (spec §3). */
export const verifiedStatus = 'verified';
export const pendingStatus = 'pending';

export const callerIdMessages = {
  /** spec §5 Caller ID */
  required: 'Please enter a phone number',
  e164: 'Enter the number in E.164 format, such as +1234567890',
  removeConfirmation: 'Are you sure you want to remove this verified caller ID?',
  friendlyNameTooLong: 'The friendly name can be at most 64 characters',
} as const;

/** A friendly name is at most this long (the carrier's limit). */
export const maxFriendlyNameLength = 64;

/** Days a number stays in its grace period after a renewal the balance could not pay. */
export const renewalGraceDays = 7;

/** Call forwarding of a virtual number (issue 36): off, calls not taken in the browser, or every call. */
export const forwardingModes = ['off', 'unanswered', 'always'] as const;
export type ForwardingMode = (typeof forwardingModes)[number];

export const forwardingMessages = {
  targetRequired: 'Choose the verified number to forward calls to.',
  targetNotVerified: 'Calls can only be forwarded to one of your verified caller IDs.',
} as const;
