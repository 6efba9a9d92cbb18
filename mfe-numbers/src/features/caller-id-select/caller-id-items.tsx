// The select items of the caller-ID options, for the settings' Default Caller ID and the dialer's From.
import { SelectItem } from '@ringwise/ui/select';
import type { PhoneFormat } from '@ringwise/phone/display';
import { callerIdOptionText, type CallerIdOption } from '@ringwise/contract/numbers';
import { toSelectValue } from '../data/caller-id-options.ts';

export function CallerIdItems({ options, format }: { options: readonly CallerIdOption[]; format: PhoneFormat }) {
  return options.map((option) => (
    <SelectItem key={toSelectValue(option.value)} value={toSelectValue(option.value)} className="nm:tabular-nums">
      {callerIdOptionText(option, format)}
    </SelectItem>
  ));
}
