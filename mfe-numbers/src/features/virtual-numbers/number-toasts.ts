// The Virtual Numbers modal's toasts (spec §8), in one place for the view and its tests.
import type { NumberSearchType, VirtualNumberType } from '@ringwise/contract/numbers';
import { noNumbersFoundMessage, typeNotAvailableMessage, virtualNumberTypeLabels } from '@ringwise/contract/numbers';
import { formatNumbersInNow, formatPhoneNow } from '@ringwise/phone/display';
import { toast } from '@ringwise/ui/toast';
import { insufficientBalanceText } from '../data/numbers-data.ts';

export const numberToasts = {
  countryRequired: () => toast({ title: 'Error', description: 'Please select a country', variant: 'destructive' }),
  typeNotAvailable: (type: VirtualNumberType) => toast({ title: 'Error', description: typeNotAvailableMessage(type), variant: 'destructive' }),
  found: (count: number, type: VirtualNumberType) =>
    toast({ title: 'Numbers Found', description: `Found ${count} ${virtualNumberTypeLabels[type].toLowerCase()} numbers`, variant: 'success' }),
  noneAvailable: (type: VirtualNumberType, searchType: NumberSearchType, pattern: string) =>
    toast({ title: 'No Numbers Available', description: noNumbersFoundMessage(type, searchType, pattern) }),
  // numbers as every screen shows them; the api's messages name them in E.164
  searchFailed: (message: string) => toast({ title: 'Search Failed', description: formatNumbersInNow(message), variant: 'destructive' }),
  insufficientBalance: (balance: string, required: string) =>
    toast({ title: 'Insufficient Balance', description: insufficientBalanceText(balance, required), variant: 'destructive' }),
  purchased: (e164: string) => toast({ title: 'Number Purchased', description: `Successfully purchased ${formatPhoneNow(e164)}`, variant: 'success' }),
  purchaseFailed: (message: string) => toast({ title: 'Purchase Failed', description: formatNumbersInNow(message), variant: 'destructive' }),
  released: (e164: string) => toast({ title: 'Number Released', description: `${formatPhoneNow(e164)} has been released`, variant: 'success' }),
  releaseFailed: (message: string) => toast({ title: 'Release Failed', description: formatNumbersInNow(message), variant: 'destructive' }),
};

export const SEARCH_FALLBACK = 'Failed to search numbers';
export const PURCHASE_FALLBACK = 'Failed to purchase number';
export const RELEASE_FALLBACK = 'Failed to release number';
