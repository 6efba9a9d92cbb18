// './widgets/contact-match' (spec §2 Dialer view, §5): the dialled number's contact as a badge, or
// 'Add to Contacts', once the number has 8+ characters and has not changed for 250 ms.
import { useEffect, useRef, useState } from 'react';
import { UserPlus, UserRound } from 'lucide-react';
import { Badge } from '@ringwise/ui/badge';
import { Button } from '@ringwise/ui/button';
import type { Contact } from '@ringwise/contract/contacts';
import type { ContactMatchProps } from '@ringwise/apps/exposed/contacts';
import { useDebouncedValue } from '@ringwise/ui/hooks/use-debounced-value';
import { useContacts } from '../contacts/contacts-data.ts';
import { LazyContactDialog, preloadContactDialog } from '../contacts/lazy-contact-dialog.tsx';
import { MATCH_DEBOUNCE_MS, digitsOf, findContactMatch, isMatchEligible } from '../matching/matching.ts';

export function ContactMatch({ number, countryCode, onMatchChange, className }: ContactMatchProps) {
  const typed = number.trim();
  const settled = useDebouncedValue(typed, MATCH_DEBOUNCE_MS);
  // the api finds the candidates among all contacts (the last 10 digits catch every number findContactMatch
  // accepts); the rule itself is applied here
  const { data, isSuccess, isPlaceholderData } = useContacts(isMatchEligible(settled) ? digitsOf(settled).slice(-10) : '');
  const [adding, setAdding] = useState(false);
  const [prefill, setPrefill] = useState({ primaryNumber: '', countryCode: countryCode ?? null });

  // shorter than 8 characters hides at once; longer waits for the typing to settle
  const eligible = isMatchEligible(typed) && isMatchEligible(settled);
  // while the api looks a new number up, the last answer stands (no flicker, no passing "no match")
  const fresh = isSuccess && !isPlaceholderData;
  const lastMatch = useRef<Contact | null>(null);
  if (fresh) lastMatch.current = eligible ? findContactMatch(settled, data ?? []) : null;
  const match = eligible ? lastMatch.current : null;

  // tell the dialer when the matched contact changes (not on the first, empty check)
  const onMatchChangeRef = useRef(onMatchChange);
  useEffect(() => {
    onMatchChangeRef.current = onMatchChange;
  });
  const matchId = match?.id ?? null;
  const reportedId = useRef<string | null>(null);
  useEffect(() => {
    if (reportedId.current === matchId) return;
    reportedId.current = matchId;
    onMatchChangeRef.current?.(match);
  }, [matchId, match]);

  function openDialog() {
    setPrefill({ primaryNumber: typed, countryCode: countryCode ?? null });
    setAdding(true);
  }

  return (
    <div className={`ct:flex ct:min-h-9 ct:items-center ct:justify-center ${className ?? ''}`}>
      <span role="status" className="ct:inline-flex">
        {match ? (
          <Badge variant="secondary" className="ct:max-w-full ct:gap-1.5 ct:py-1 ct:text-sm">
            <UserRound aria-hidden="true" className="ct:size-3.5" />
            <span className="ct:sr-only">Contact: </span>
            <span className="ct:truncate">{match.displayName}</span>
          </Badge>
        ) : null}
      </span>
      {eligible && fresh && !match ? (
        <Button variant="outline" size="sm" onClick={openDialog} onPointerEnter={preloadContactDialog} onFocus={preloadContactDialog}>
          <UserPlus aria-hidden="true" className="ct:size-4" /> Add to Contacts
        </Button>
      ) : null}
      <LazyContactDialog open={adding} onOpenChange={setAdding} defaults={prefill} />
    </div>
  );
}
