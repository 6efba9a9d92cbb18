// The default caller ID on the wire and in the cache (spec §7 PATCH /api/user/preferences, §8 toasts): one
// single-key PATCH { defaultCallerId }, shown at once in the cached user (which the dialer's selector reads
// too) and put back if the api refuses it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userRequests, type CurrentUser } from '@ringwise/contract/users';
import { toast } from '@ringwise/ui/toast';
import { userKey } from './numbers-data.ts';

export const SETTINGS_TOASTS = {
  saved: { title: 'Settings updated', description: 'Your preferences have been saved successfully.' },
  failed: { title: 'Update failed', description: 'Failed to update your settings. Please try again.' },
} as const;

function isUser(value: unknown): value is CurrentUser {
  return typeof value === 'object' && value !== null && typeof (value as CurrentUser).id === 'string';
}

export function useUpdateDefaultCallerId() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, string | null, { before: string | null | undefined }>({
    mutationKey: ['numbers', 'defaultCallerId'],
    mutationFn: (defaultCallerId) => userRequests.updatePreference({ defaultCallerId }),
    onMutate: async (defaultCallerId) => {
      await queryClient.cancelQueries({ queryKey: userKey });
      const before = queryClient.getQueryData<CurrentUser>(userKey)?.defaultCallerId;
      queryClient.setQueryData<CurrentUser>(userKey, (user) => (user ? { ...user, defaultCallerId } : user));
      return { before };
    },
    onError: (_error, value, context) => {
      // put back what it was, unless a later change has replaced it meanwhile
      queryClient.setQueryData<CurrentUser>(userKey, (user) =>
        user && context && context.before !== undefined && user.defaultCallerId === value ? { ...user, defaultCallerId: context.before } : user,
      );
      toast({ ...SETTINGS_TOASTS.failed, variant: 'destructive' });
    },
    onSuccess: (answer) => {
      if (isUser(answer) && queryClient.isMutating({ mutationKey: ['numbers', 'defaultCallerId'] }) <= 1) queryClient.setQueryData(userKey, answer);
      toast({ ...SETTINGS_TOASTS.saved, variant: 'success' });
    },
  });
}
