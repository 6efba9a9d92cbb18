// The user's billing preferences on the wire and in the cache (spec §7 PATCH /api/user/preferences, §8 toasts):
// each change is one single-key PATCH, shown at once in the cached user (GET /api/auth/user, which the header
// and the other settings read too) and put back if the api refuses it. Plus the payment portal.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingRequests } from '@ringwise/contract/billing';
import { userQueries, userRequests, type CurrentUser, type PreferenceChange } from '@ringwise/contract/users';
import { toast } from '@ringwise/ui/toast';
import { browserNavigation } from '../../lib/redirect.ts';

export const SETTINGS_TOASTS = {
  saved: { title: 'Settings updated', description: 'Your preferences have been saved successfully.' },
  failed: { title: 'Update failed', description: 'Failed to update your settings. Please try again.' },
  portalFailed: { title: 'Error', description: 'Failed to open payment portal. Please try again.' },
} as const;

/** The preferences these settings change, with their types in the cached user. */
type BillingPreferences = Pick<
  CurrentUser,
  'autoRechargeEnabled' | 'autoRechargeTrigger' | 'autoRechargeAmount' | 'lowBalanceAlertEnabled' | 'lowBalanceAlertThreshold'
>;
export type BillingPreferenceKey = keyof BillingPreferences;

/** One preference and its new value (booleans for the switches, Money strings such as "10.00" for the selects). */
export type PreferenceUpdate = { [K in BillingPreferenceKey]: { key: K; value: BillingPreferences[K] } }[BillingPreferenceKey];

const userKey = userQueries.current().queryKey;
/** Every preference change carries this key, so the cache can tell whether another is still on its way. */
export const PREFERENCE_MUTATION_KEY = ['billing', 'preference'] as const;

/** GET /api/auth/user for the settings (they show their own loading and failure). */
export function useCurrentUser() {
  return useQuery({ ...userQueries.current(), meta: { handlesError: true } });
}

function isUser(value: unknown): value is CurrentUser {
  return typeof value === 'object' && value !== null && typeof (value as CurrentUser).id === 'string';
}

/** PATCH /api/user/preferences with `{ [key]: value }`, optimistic, rolled back on failure. */
export function useUpdatePreference() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, PreferenceUpdate, { before: BillingPreferences[BillingPreferenceKey] | undefined }>({
    mutationKey: PREFERENCE_MUTATION_KEY,
    mutationFn: ({ key, value }) => userRequests.updatePreference({ [key]: value } as PreferenceChange),
    onMutate: async ({ key, value }) => {
      await queryClient.cancelQueries({ queryKey: userKey });
      const before = queryClient.getQueryData<CurrentUser>(userKey)?.[key];
      queryClient.setQueryData<CurrentUser>(userKey, (user) => (user ? { ...user, [key]: value } : user));
      return { before };
    },
    onError: (_error, { key, value }, context) => {
      // put back what it was, unless a later change of the same preference has replaced it meanwhile
      queryClient.setQueryData<CurrentUser>(userKey, (user) =>
        user && context && context.before !== undefined && user[key] === value ? { ...user, [key]: context.before } : user,
      );
      toast({ ...SETTINGS_TOASTS.failed, variant: 'destructive' });
    },
    onSuccess: (answer, { key }) => {
      if (isUser(answer)) {
        // the api's user, except for preferences other changes still on their way have set meanwhile
        const othersPending = queryClient.isMutating({ mutationKey: PREFERENCE_MUTATION_KEY }) > 1;
        queryClient.setQueryData<CurrentUser>(userKey, (user) =>
          othersPending && user ? { ...user, [key]: answer[key], balance: answer.balance } : answer,
        );
      }
      toast({ ...SETTINGS_TOASTS.saved, variant: 'success' });
    },
  });
}

/** POST /api/stripe/create-portal-session, then the browser goes to the payment provider's page. */
export function useOpenPaymentPortal() {
  return useMutation({
    mutationFn: () => billingRequests.createPortalSession(),
    onSuccess: ({ url }) => browserNavigation.assign(url),
    onError: () => toast({ ...SETTINGS_TOASTS.portalFailed, variant: 'destructive' }),
  });
}
