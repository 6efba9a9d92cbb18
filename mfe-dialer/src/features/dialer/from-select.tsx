// The From selector (spec §2): the numbers remote's caller-ID select, and '+ Buy Number' / '+ Verify Caller ID',
// which open that remote's dialogs. Until the user first reaches for one of them the dialer draws the select
// itself (the chosen number, in the same look), so a visit that only dials never loads the numbers remote; a
// pointer or the focus on it starts the load, a click opens the real select. Without a host (the standalone
// page) the stand-in stays.
import { useId, useState } from 'react';
import { usePhoneFormat } from '@ringwise/phone/display';
import { callerIdOptionText, callerIdOptions, type VerifiedCallerId, type VirtualNumber } from '@ringwise/contract/numbers';
import { Button } from '@ringwise/ui/button';
import { SelectStandIn } from '@ringwise/ui/unshared/select-stand-in';
import { preloadOnIntent, RemoteWidget, toastUnavailable, usePreloadWidget } from '../../lib/remote-widgets.tsx';

export interface FromSelectProps {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The user's numbers and caller IDs as the dialer has them (for the stand-in's text). */
  numbers: readonly VirtualNumber[] | undefined;
  callerIds: readonly VerifiedCallerId[] | undefined;
}

export function FromSelect({ value, onChange, numbers, callerIds }: FromSelectProps) {
  const selectId = useId();
  const format = usePhoneFormat();
  const [dialog, setDialog] = useState<'numbers' | 'caller-ids' | null>(null);
  const [opened, setOpened] = useState<{ select: boolean; numbers: boolean; callerIds: boolean }>({ select: false, numbers: false, callerIds: false });
  const preloadSelect = usePreloadWidget('numbers/widgets/caller-id-select');
  const preloadNumbers = usePreloadWidget('numbers/widgets/virtual-numbers-dialog');
  const preloadCallerIds = usePreloadWidget('numbers/widgets/caller-ids-dialog');
  const open = (which: 'numbers' | 'caller-ids') => {
    setOpened((o) => ({ ...o, [which === 'numbers' ? 'numbers' : 'callerIds']: true }));
    setDialog(which);
  };
  const onOpenChange = (isOpen: boolean) => {
    if (!isOpen) setDialog(null);
  };
  // a part that could not be loaded is asked for afresh by the next click
  const unavailable = (which: 'select' | 'numbers' | 'callerIds', what: string) => {
    setOpened((o) => ({ ...o, [which]: false }));
    if (which !== 'select') setDialog(null);
    toastUnavailable(what);
  };
  const chosen = callerIdOptions(numbers, callerIds, value).find((option) => option.value === value);
  const standIn = (
    <SelectStandIn
      id={selectId}
      data-testid="from-fallback"
      className="dl:min-w-0 dl:flex-1 dl:tabular-nums"
      {...preloadOnIntent(preloadSelect)}
      onClick={() => setOpened((o) => ({ ...o, select: true }))}
    >
      {/* one line, cut short: a caller ID's friendly name may be long */}
      <span>{chosen ? callerIdOptionText(chosen, format) : format(value ?? '')}</span>
    </SelectStandIn>
  );
  return (
    <div className="dl:flex dl:flex-col dl:gap-1.5">
      <div className="dl:flex dl:items-center dl:gap-2">
        <label htmlFor={selectId} className="dl:text-sm dl:font-medium dl:text-muted-foreground">
          From
        </label>
        {opened.select ? (
          <RemoteWidget
            id="numbers/widgets/caller-id-select"
            load="now"
            props={{ value, onChange, id: selectId, onManage: false, defaultOpen: true, className: 'dl:min-w-0 dl:flex-1' }}
            fallback={standIn}
            onUnavailable={() => unavailable('select', 'Your caller IDs')}
          />
        ) : (
          standIn
        )}
      </div>
      <div className="dl:flex dl:gap-2">
        <Button type="button" variant="link" size="sm" className="dl:h-auto dl:px-0" {...preloadOnIntent(preloadNumbers)} onClick={() => open('numbers')}>
          + Buy Number
        </Button>
        <Button type="button" variant="link" size="sm" className="dl:h-auto dl:px-0" {...preloadOnIntent(preloadCallerIds)} onClick={() => open('caller-ids')}>
          + Verify Caller ID
        </Button>
      </div>
      {opened.numbers ? (
        <RemoteWidget
          id="numbers/widgets/virtual-numbers-dialog"
          load="now"
          props={{ open: dialog === 'numbers', onOpenChange }}
          onUnavailable={() => unavailable('numbers', 'Virtual Numbers')}
        />
      ) : null}
      {opened.callerIds ? (
        <RemoteWidget
          id="numbers/widgets/caller-ids-dialog"
          load="now"
          props={{ open: dialog === 'caller-ids', onOpenChange }}
          onUnavailable={() => unavailable('callerIds', 'Verified Caller IDs')}
        />
      ) : null}
    </div>
  );
}
