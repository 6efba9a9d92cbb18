// The dialer's From selector (exposed as './widgets/caller-id-select'): the public Ringwise number, the active
// virtual numbers and the verified caller IDs; the user's Default Caller ID until the dialer chooses.
import { useState } from 'react';
import { Settings2 } from 'lucide-react';
import { Button } from '@ringwise/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@ringwise/ui/dropdown-menu';
import { Select, SelectContent, SelectTrigger, SelectValue } from '@ringwise/ui/select';
import type { CallerIdSelectProps } from '@ringwise/apps/exposed/numbers';
import { usePhoneFormat } from '@ringwise/phone/display';
import { callerIdOptions, fromSelectValue, toSelectValue } from '../data/caller-id-options.ts';
import { useCallerIds, useCurrentUser, useVirtualNumbers } from '../data/numbers-data.ts';
import { LazyCallerIdsDialog, LazyVirtualNumbersDialog, preloadCallerIdsDialog, preloadVirtualNumbersDialog } from '../lazy-dialogs.tsx';
import { CallerIdItems } from './caller-id-items.tsx';

/** The options and the chosen one for `value` (undefined: the user's default). */
export function useCallerIdChoice(value: string | null | undefined) {
  const user = useCurrentUser();
  const numbers = useVirtualNumbers();
  const callerIds = useCallerIds();
  const chosen = value === undefined ? (user.data?.defaultCallerId ?? null) : value;
  const loading = user.isPending || numbers.isPending || callerIds.isPending;
  return { options: callerIdOptions(numbers.data, callerIds.data, chosen), chosen, loading };
}

export function CallerIdSelect({ value, onChange, id, label = 'Caller ID', className, onManage, defaultOpen }: CallerIdSelectProps) {
  const format = usePhoneFormat();
  const { options, chosen, loading } = useCallerIdChoice(value);
  const [numbersOpen, setNumbersOpen] = useState(false);
  const [callerIdsOpen, setCallerIdsOpen] = useState(false);
  return (
    <div className={`nm:flex nm:min-w-0 nm:items-center nm:gap-2 ${className ?? ''}`}>
      <Select
        value={toSelectValue(chosen)}
        defaultOpen={defaultOpen}
        disabled={loading}
        onValueChange={(next) => {
          const picked = fromSelectValue(next);
          if (picked !== chosen) onChange(picked);
        }}
      >
        <SelectTrigger id={id} aria-label={id ? undefined : label} className="nm:min-w-0 nm:flex-1">
          <SelectValue placeholder="Loading…" />
        </SelectTrigger>
        {/* no wider than the screen: a caller ID's long friendly name wraps (the dialer's From at 390 px) */}
        <SelectContent className="nm:max-w-(--radix-select-content-available-width)">{loading ? null : <CallerIdItems options={options} format={format} />}</SelectContent>
      </Select>
      {onManage === false ? null : onManage ? (
        <Button variant="ghost" size="sm" onClick={onManage}>
          Manage
        </Button>
      ) : (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="sm"
              onPointerEnter={() => {
                preloadVirtualNumbersDialog();
                preloadCallerIdsDialog();
              }}
            >
              <Settings2 aria-hidden="true" className="nm:size-4" /> Manage
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => setNumbersOpen(true)}>Virtual Numbers</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setCallerIdsOpen(true)}>Verified Caller IDs</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      <LazyVirtualNumbersDialog open={numbersOpen} onOpenChange={setNumbersOpen} />
      <LazyCallerIdsDialog open={callerIdsOpen} onOpenChange={setCallerIdsOpen} />
    </div>
  );
}
