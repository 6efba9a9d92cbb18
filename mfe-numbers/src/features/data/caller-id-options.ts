// The caller-ID options (the contract's callerIdOptions) as this remote's selects hold them.
import { publicNumberLabel, type CallerIdOption } from '@ringwise/contract/numbers';

export { callerIdOptions, type CallerIdOption } from '@ringwise/contract/numbers';

/** spec §2 'Public Number' (the contract's label, which the dialer shows too). */
export const PUBLIC_NUMBER_LABEL = publicNumberLabel;

/** Whether the user has any number of their own to call from (else only the public one). */
export function hasOwnCallerIds(options: readonly CallerIdOption[]): boolean {
  return options.some((option) => option.kind === 'virtual' || option.kind === 'verified');
}

/** Radix selects cannot hold null (nor ''): the public number's item value. */
export const PUBLIC_OPTION_VALUE = 'public';
export const toSelectValue = (value: string | null) => value ?? PUBLIC_OPTION_VALUE;
export const fromSelectValue = (value: string) => (value === PUBLIC_OPTION_VALUE ? null : value);
