// 'Get a New Number' as state and rules (spec §2, §4 'Virtual numbers', §5, §8): a country (required), a number
// type the country sells (local by default; chosen and searched at once when it is the only one), an optional
// pattern with its match mode, the search and the purchase with their toasts.
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, isApiError } from '@ringwise/api-client';
import type { AvailableNumber, NumberSearchType, VirtualNumberType } from '@ringwise/contract/numbers';
import { defaultNumberSearchType, defaultVirtualNumberType, noAvailableNumbersText, numberQueries, numberRequests } from '@ringwise/contract/numbers';
import { canAfford, refreshAfterPurchase, userKey, useCurrentUser } from '../data/numbers-data.ts';
import { numberToasts, PURCHASE_FALLBACK, SEARCH_FALLBACK } from './number-toasts.ts';

interface SearchRequest {
  country: string;
  numberType: VirtualNumberType;
  pattern: string;
  searchType: NumberSearchType;
  /** Which round of the form it belongs to: an answer for a country no longer chosen is dropped. */
  round: number;
}

/** The 402's `details` (`balance`, `required`), when the api sent them. */
function shortfallOf(error: unknown): { balance: string; required: string } | null {
  if (!isApiError(error) || (error.status !== 402 && error.code !== 'insufficient_balance')) return null;
  const details = error.envelope?.details as { balance?: unknown; required?: unknown } | undefined;
  return typeof details?.balance === 'string' && typeof details.required === 'string' ? { balance: details.balance, required: details.required } : null;
}

export function useNumberSearch() {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const [country, setCountryState] = useState('');
  const [numberType, setNumberType] = useState<VirtualNumberType>(defaultVirtualNumberType);
  const [pattern, setPatternState] = useState('');
  const [searchType, setSearchType] = useState<NumberSearchType>(defaultNumberSearchType);
  const [results, setResults] = useState<AvailableNumber[] | null>(null);
  /** The number bought in this opening of the dialog, if any. */
  const [bought, setBought] = useState<string | null>(null);
  const round = useRef(0);
  const autoSearched = useRef<string | null>(null);

  const pricing = useQuery({ ...numberQueries.pricing(country || 'US'), enabled: country !== '', meta: { handlesError: true } });
  const pricingData = country && pricing.data?.countryCode.toUpperCase() === country ? pricing.data : undefined;
  const availableTypes = pricingData ? pricingData.numberTypes.filter((t) => t.available) : [];

  const search = useMutation({
    mutationFn: (request: SearchRequest) =>
      numberRequests.search({
        country: request.country,
        numberType: request.numberType,
        searchType: request.searchType,
        ...(request.pattern ? { areaCode: request.pattern } : {}),
      }),
    onSuccess: (found, request) => {
      if (request.round !== round.current) return;
      setResults(found);
      if (found.length === 0) numberToasts.noneAvailable(request.numberType, request.searchType, request.pattern);
      else numberToasts.found(found.length, request.numberType);
    },
    onError: (error, request) => {
      if (request.round !== round.current) return;
      const message = errorMessage(error, SEARCH_FALLBACK);
      if (message.includes(noAvailableNumbersText)) {
        // nothing matched: not a failure (spec §8)
        setResults([]);
        numberToasts.noneAvailable(request.numberType, request.searchType, request.pattern);
        return;
      }
      numberToasts.searchFailed(message);
    },
  });

  const purchase = useMutation({
    mutationFn: (number: AvailableNumber) =>
      numberRequests.purchase({ phoneNumber: number.phoneNumber, country, region: number.region, price: number.price, numberType: number.numberType }),
    onSuccess: (_bought, number) => {
      numberToasts.purchased(number.phoneNumber);
      setBought(number.phoneNumber);
      round.current += 1;
      setResults(null);
      void refreshAfterPurchase(queryClient);
    },
    onError: (error, number) => {
      const shortfall = shortfallOf(error);
      if (shortfall) {
        numberToasts.insufficientBalance(shortfall.balance, shortfall.required);
        // the balance shown here was older than the api's
        void queryClient.invalidateQueries({ queryKey: userKey });
        return;
      }
      numberToasts.purchaseFailed(errorMessage(error, PURCHASE_FALLBACK));
      // someone else got it: it is no longer on offer
      if (isApiError(error) && error.status === 409) setResults((list) => list?.filter((n) => n.phoneNumber !== number.phoneNumber) ?? null);
    },
  });

  function runSearch(next: Partial<Pick<SearchRequest, 'numberType'>> = {}) {
    if (!country) {
      numberToasts.countryRequired();
      return;
    }
    const type = next.numberType ?? numberType;
    if (pricingData && !availableTypes.some((t) => t.numberType === type)) {
      numberToasts.typeNotAvailable(type);
      return;
    }
    search.mutate({ country, numberType: type, pattern, searchType, round: round.current });
  }

  // the only type a country sells is chosen, and searched at once (spec §4), once per choice of the country
  useEffect(() => {
    if (!pricingData || availableTypes.length !== 1 || autoSearched.current === country) return;
    autoSearched.current = country;
    const only = availableTypes[0]!.numberType;
    setNumberType(only);
    search.mutate({ country, numberType: only, pattern: '', searchType: defaultNumberSearchType, round: round.current });
  });

  function setCountry(next: string) {
    if (next === country) return;
    // a new country starts afresh: no results, no pattern (spec §4)
    round.current += 1;
    autoSearched.current = null;
    setCountryState(next);
    setResults(null);
    setPatternState('');
    setSearchType(defaultNumberSearchType);
  }

  function setPattern(text: string) {
    setPatternState(text.replace(/\D/g, '').slice(0, 10));
  }

  function buy(number: AvailableNumber) {
    if (purchase.isPending) return;
    const balance = user.data?.balance;
    if (balance !== undefined && !canAfford(balance, number.price)) {
      numberToasts.insufficientBalance(balance, number.price);
      return;
    }
    purchase.mutate(number);
  }

  return {
    country,
    setCountry,
    numberType,
    setNumberType,
    pattern,
    setPattern,
    searchType,
    setSearchType,
    pricing: { data: pricingData, isLoading: country !== '' && pricing.isPending, isError: pricing.isError },
    availableTypes,
    results,
    searching: search.isPending,
    search: () => runSearch(),
    balance: user.data?.balance,
    buy,
    purchasing: purchase.isPending ? purchase.variables.phoneNumber : null,
    bought,
  };
}

export type NumberSearch = ReturnType<typeof useNumberSearch>;
