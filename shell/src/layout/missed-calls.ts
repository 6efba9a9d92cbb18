// The Calls tab's count of missed calls not seen yet (issue 36). The shell reads it; the dialer (a remote: the shell
// never imports it) refreshes the same query of the page's one QueryClient after each call and sets it to 0 when
// Recent Calls is opened (@ringwise/contract/calls callQueries.unseen).
import { useQuery } from '@tanstack/react-query';
import { callQueries } from '@ringwise/contract/calls';

/** How many missed calls the user has not seen; 0 while unknown or when the count could not be read. */
export function useMissedCalls(): number {
  const unseen = useQuery({ ...callQueries.unseen(), meta: { handlesError: true } });
  return unseen.data?.missed ?? 0;
}

/** The tab's accessible name ('Calls, 2 missed'): the badge's number is only seen, so the name says it. */
export const missedTabName = (label: string, missed: number): string => (missed > 0 ? `${label}, ${missed} missed` : label);

/** What the badge shows: at most two digits fit. */
export const missedBadgeText = (missed: number): string => (missed > 99 ? '99+' : String(missed));
