// The From selector (spec §2): the numbers remote's caller-ID select, and '+ Buy Number' / '+ Verify Caller ID',
// which open that remote's dialogs. Without a host (the standalone page) it says which number is used.
import { useState } from 'react';
import { usePhoneFormat } from '@ringwise/phone/display';
import { RemoteWidget } from '../../lib/remote-widgets.tsx';
import { publicNumberLabel } from '@ringwise/contract/numbers';
import { Button } from '@ringwise/ui/button';

export function FromSelect({ value, onChange }: { value: string | null; onChange: (value: string | null) => void }) {
  const [dialog, setDialog] = useState<'numbers' | 'caller-ids' | null>(null);
  const format = usePhoneFormat();
  const [opened, setOpened] = useState<{ numbers: boolean; callerIds: boolean }>({ numbers: false, callerIds: false });
  const open = (which: 'numbers' | 'caller-ids') => {
    setOpened((o) => ({ ...o, [which === 'numbers' ? 'numbers' : 'callerIds']: true }));
    setDialog(which);
  };
  const onOpenChange = (isOpen: boolean) => {
    if (!isOpen) setDialog(null);
  };
  return (
    <div className="dl:flex dl:flex-col dl:gap-1.5">
      <div className="dl:flex dl:items-center dl:gap-2">
        <span id="dialer-from-label" className="dl:text-sm dl:font-medium dl:text-muted-foreground">
          From
        </span>
        <RemoteWidget
          id="numbers/widgets/caller-id-select"
          props={{ value, onChange, label: 'From', onManage: false, className: 'dl:min-w-0 dl:flex-1' }}
          fallback={
            <span className="dl:text-sm" data-testid="from-fallback">
              {value ? format(value) : publicNumberLabel}
            </span>
          }
        />
      </div>
      <div className="dl:flex dl:gap-2">
        <Button type="button" variant="link" size="sm" className="dl:h-auto dl:px-0" onClick={() => open('numbers')}>
          + Buy Number
        </Button>
        <Button type="button" variant="link" size="sm" className="dl:h-auto dl:px-0" onClick={() => open('caller-ids')}>
          + Verify Caller ID
        </Button>
      </div>
      {opened.numbers ? (
        <RemoteWidget id="numbers/widgets/virtual-numbers-dialog" props={{ open: dialog === 'numbers', onOpenChange }} />
      ) : null}
      {opened.callerIds ? (
        <RemoteWidget id="numbers/widgets/caller-ids-dialog" props={{ open: dialog === 'caller-ids', onOpenChange }} />
      ) : null}
    </div>
  );
}
