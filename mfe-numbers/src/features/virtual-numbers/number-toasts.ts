// The Virtual Numbers modal's toasts (spec §8), in one place for the view and its tests.
import type { NumberSearchType, VirtualNumberType } from '@ringwise/contract/numbers';
import { noNumbersFoundMessage, typeNotAvailableMessage, virtualNumberTypeLabels } from '@ringwise/contract/numbers';
import { toast } from '@ringwise/ui/toast';
import { insufficientBalanceText } from '../data/numbers-data.ts';

export const numberToasts = {
  countryRequired: () => toast({ title: 'Error', description: 'Please select a country', variant: 'destructive' }),
  typeNotAvailable: (type: VirtualNumberType) => toast({ title: 'Error', description: typeNotAvailableMessage(type), variant: 'destructive' }),
  found: (count: number, type: VirtualNumberType) =>
    toast({ title: 'Numbers Found', description: `Found ${count} ${virtualNumberTypeLabels[type].toLowerCase()} numbers`, variant: 'success' }),
  noneAvailable: (type: VirtualNumberType, searchType: NumberSearchType, pattern: string) =>
    toast({ title: 'No Numbers Available', description: noNumbersFoundMessage(type, searchType, pattern) }),
  searchFailed: (message: string) => toast({ title: 'Search Failed', description: message, variant: 'destructive' }),
  insufficientBalance: (balance: string, required: string) =>
    toast({ title: 'Insufficient Balance', description: insufficientBalanceText(balance, required), variant: 'destructive' }),
  purchased: (number: string) => toast({ title: 'Number Purchased', description: `Successfully purchased ${number}`, variant: 'success' }),
  purchaseFailed: (message: string) => toast({ title: 'Purchase Failed', description: message, variant: 'destructive' }),
  released: (number: string) => toast({ title: 'Number Released', description: `${number} has been released`, variant: 'success' }),
  releaseFailed: (message: string) => toast({ title: 'Release Failed', description: message, variant: 'destructive' }),
};

export const SEARCH_FALLBACK = 'Failed to search numbers';
export const PURCHASE_FALLBACK = 'Failed to purchase number';
export const RELEASE_FALLBACK = 'Failed to release number';
