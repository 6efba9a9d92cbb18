import { useId, useState, type ClipboardEvent } from 'react';
import { Link } from 'wouter';
import { Delete, PhoneCall } from 'lucide-react';
import { Button } from '@ringwise/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@ringwise/ui/card';
import { Input } from '@ringwise/ui/input';
import { Label } from '@ringwise/ui/label';
import { CountryCodePicker } from './country-code-picker.tsx';
import { DEFAULT_DEMO_CODE } from './demo-codes.ts';
import {
  KEYPAD_KEYS,
  backspace,
  dialerHint,
  pasteNumber,
  pressKey,
  typeNumber,
  type DialerValue,
} from './dialer-rules.ts';

/** The landing page's demo dialer (spec §2 "Demo dialer"): it dials nothing, Try Now leads to sign-up. */
export function DemoDialer() {
  const [value, setValue] = useState<DialerValue>({ code: DEFAULT_DEMO_CODE, number: '' });
  const numberId = useId();
  const hintId = useId();

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const next = pasteNumber(value, event.clipboardData.getData('text'));
    if (!next) return;
    event.preventDefault();
    setValue(next);
  }

  return (
    <Card className="mk:mx-auto mk:w-full mk:max-w-md mk:shadow-lg">
      <CardHeader className="mk:px-4 mk:pb-4 mk:sm:px-6">
        <CardTitle asChild>
          <h2 className="mk:text-xl">Try Our Dialer</h2>
        </CardTitle>
        <CardDescription>Pick a country and enter a number to see how calling works.</CardDescription>
      </CardHeader>
      <CardContent className="mk:space-y-4 mk:px-4 mk:sm:px-6">
        <div className="mk:space-y-2">
          <Label htmlFor={numberId}>Phone number</Label>
          <div className="mk:flex mk:gap-2">
            <CountryCodePicker value={value.code} onChange={(code) => setValue((v) => ({ ...v, code }))} />
            <Input
              id={numberId}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder="Number"
              value={value.number}
              onChange={(event) => {
                const text = event.target.value;
                setValue((v) => typeNumber(v, text));
              }}
              onPaste={onPaste}
              aria-describedby={hintId}
              className="mk:min-w-0 mk:flex-1"
            />
            <Button
              variant="outline"
              size="icon"
              aria-label="Backspace"
              disabled={value.number === ''}
              onClick={() => setValue(backspace)}
              className="mk:shrink-0"
            >
              <Delete aria-hidden="true" className="mk:size-4" />
            </Button>
          </div>
          <p id={hintId} aria-live="polite" className="mk:text-sm mk:text-muted-foreground">
            {dialerHint(value)}
          </p>
        </div>
        <div role="group" aria-label="Keypad" className="mk:grid mk:grid-cols-3 mk:gap-2">
          {KEYPAD_KEYS.map(({ key, letters }) => (
            <Button
              key={key}
              variant="outline"
              onClick={() => setValue((v) => pressKey(v, key))}
              className="mk:h-14 mk:flex-col mk:gap-0.5"
            >
              <span className="mk:text-xl mk:font-semibold mk:leading-none">{key}</span>
              <span
                aria-hidden="true"
                className="mk:h-3 mk:text-[0.625rem] mk:font-medium mk:leading-3 mk:tracking-widest mk:text-muted-foreground"
              >
                {letters}
              </span>
            </Button>
          ))}
        </div>
        <Button asChild size="lg" className="mk:w-full">
          <Link href="/sign-up">
            <PhoneCall aria-hidden="true" className="mk:size-4" />
            Try Now
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
