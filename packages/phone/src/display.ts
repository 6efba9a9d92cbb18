// `@ringwise/phone/display`: phone numbers as every screen shows them (the package's formatInternational), for
// browser code that must not carry libphonenumber's metadata (~29 KB gzip) in its first load. The package is
// imported on first use (a shared singleton: the page downloads it once for every remote); until it has arrived a
// number shows as it was given (E.164), then formatted.
import { useRef, useState } from 'react';

/** A number, or a text with numbers in it, as shown. */
export type PhoneFormat = (value: string) => string;

interface Formats {
  number: PhoneFormat;
  text: PhoneFormat;
}

let loaded: Formats | null = null;
let loading: Promise<Formats> | null = null;

/** Starts (or joins) loading the formatter; a failed load is tried again on the next call. */
export function loadPhoneFormat(): Promise<Formats> {
  // by the package's name, not a path: that is the request the builds share (rspack.config.ts)
  loading ??= import('@ringwise/phone').then(
    ({ formatInternational, formatNumbersIn }) => (loaded = { number: formatInternational, text: formatNumbersIn }),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const asGiven: PhoneFormat = (value) => value;

/** A number as shown, if the formatter has arrived, else as given (for toasts written outside React). */
export function formatPhoneNow(number: string): string {
  return (loaded?.number ?? asGiven)(number);
}

/** A text (an api message, a ledger description) with each E.164 number in it as shown; as given until loaded. */
export function formatNumbersInNow(text: string): string {
  return (loaded?.text ?? asGiven)(text);
}

/**
 * The formats once loaded. Until then the given text is shown as it is, and the formatter is loaded only once a
 * number has been shown with it: a first screen with none (the dialer with the Public Number) never downloads or
 * runs libphonenumber's metadata. The number may be shown by a child rendered later (a select's items), or
 * outside a render (an event's toast): the load starts at that call, and its arrival renders this component again.
 */
function useFormats(): { formats: Formats | null; placeholder: PhoneFormat } {
  const [formats, setFormats] = useState<Formats | null>(() => loaded);
  const asked = useRef(false);
  const placeholder = useRef<PhoneFormat | null>(null);
  placeholder.current ??= (value) => {
    if (value && !asked.current) {
      asked.current = true;
      loadPhoneFormat().then(setFormats, (error: unknown) => {
        asked.current = false;
        console.warn('[phone] number formatting unavailable', error);
      });
    }
    return value;
  };
  return { formats, placeholder: placeholder.current };
}

/** The display of a number (formatInternational) once loaded, the number as given until then. */
export function usePhoneFormat(): PhoneFormat {
  const { formats, placeholder } = useFormats();
  return formats?.number ?? placeholder;
}

/** The display of the numbers in a text (formatNumbersIn) once loaded, the text as given until then. */
export function useNumbersInTextFormat(): PhoneFormat {
  const { formats, placeholder } = useFormats();
  return formats?.text ?? placeholder;
}

/** A number as shown, for cells and lines that are no component of their own (a table's columns). */
export function PhoneNumber({ value }: { value: string }): string {
  return usePhoneFormat()(value);
}

/** A text with each E.164 number in it as shown (a ledger description). */
export function NumbersInText({ text }: { text: string }): string {
  return useNumbersInTextFormat()(text);
}
