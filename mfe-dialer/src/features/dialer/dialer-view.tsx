import { useState } from 'react';
import { Delete, Phone } from 'lucide-react';
import { Button } from '@ringwise/ui/button';
import { Input } from '@ringwise/ui/input';

const keys = [
  ['1', ''],
  ['2', 'ABC'],
  ['3', 'DEF'],
  ['4', 'GHI'],
  ['5', 'JKL'],
  ['6', 'MNO'],
  ['7', 'PQRS'],
  ['8', 'TUV'],
  ['9', 'WXYZ'],
  ['*', ''],
  ['0', '+'],
  ['#', ''],
] as const;

/** The number pad. Calling itself arrives with the calling issue; the button says so until then. */
export function DialerView() {
  const [number, setNumber] = useState('');
  return (
    <section aria-labelledby="dialer-title" className="dl:mx-auto dl:flex dl:max-w-sm dl:flex-col dl:gap-4">
      <h1 id="dialer-title" className="dl:sr-only">
        Dialer
      </h1>
      <label className="dl:sr-only" htmlFor="dialer-number">
        Phone number
      </label>
      <Input
        id="dialer-number"
        inputMode="tel"
        autoComplete="tel"
        placeholder="Enter phone number"
        value={number}
        onChange={(event) => setNumber(event.target.value)}
        className="dl:h-14 dl:text-center dl:text-2xl dl:tracking-wide"
      />
      <div className="dl:grid dl:grid-cols-3 dl:gap-3" role="group" aria-label="Keypad">
        {keys.map(([digit, letters]) => (
          <Button
            key={digit}
            variant="outline"
            className="dl:h-16 dl:flex-col dl:gap-0 dl:text-2xl"
            onClick={() => setNumber((value) => value + digit)}
          >
            <span>{digit}</span>
            <span className="dl:h-3 dl:text-[10px] dl:font-semibold dl:tracking-widest dl:text-muted-foreground">{letters}</span>
          </Button>
        ))}
      </div>
      <div className="dl:grid dl:grid-cols-3 dl:items-center dl:gap-3">
        <span />
        <Button size="lg" className="dl:h-14 dl:rounded-full" disabled aria-label="Call">
          <Phone aria-hidden className="dl:h-5 dl:w-5" /> Connecting...
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Backspace"
          disabled={number.length === 0}
          onClick={() => setNumber((value) => value.slice(0, -1))}
          className="dl:justify-self-center"
        >
          <Delete aria-hidden className="dl:h-5 dl:w-5" />
        </Button>
      </div>
    </section>
  );
}
