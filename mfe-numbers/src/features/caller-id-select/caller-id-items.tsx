// The select items of the caller-ID options, for the settings' Default Caller ID and the dialer's From.
import { SelectItem } from '@ringwise/ui/select';
import type { PhoneFormat } from '@ringwise/phone/display';
import { PUBLIC_NUMBER_LABEL, toSelectValue, type CallerIdOption } from '../data/caller-id-options.ts';

/** "Public Number", or "+1 (212) 555-0123 · Virtual number". */
export function callerIdOptionText(option: CallerIdOption, format: PhoneFormat): string {
  return option.value === null ? PUBLIC_NUMBER_LABEL : `${format(option.value)} · ${option.note ?? ''}`;
}

export function CallerIdItems({ options, format }: { options: readonly CallerIdOption[]; format: PhoneFormat }) {
  return options.map((option) => (
    <SelectItem key={toSelectValue(option.value)} value={toSelectValue(option.value)} className="nm:tabular-nums">
      {callerIdOptionText(option, format)}
    </SelectItem>
  ));
}
