// The dialer's widgets show numbers before libphonenumber-js has arrived: as stored (E.164) at first,
// formatted once @ringwise/phone is loaded (the contacts view has it already, so it is instant there). Its
// metadata is most of this remote's weight, so nothing in the widgets' first load imports it statically.
import { useEffect, useState } from 'react';

type Format = (value: string) => string;

let loaded: Format | null = null;
let loading: Promise<Format> | null = null;

/** Starts (or joins) loading the formatter; a failed load is tried again on the next call. Only the one export
 *  is taken from the import, so the bundler keeps the rest of the package out of the chunk. */
function loadFormatter(): Promise<Format> {
  loading ??= import('@ringwise/phone').then(
    ({ formatInternational }) => (loaded = formatInternational),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const asIs: Format = (value) => value;

/** A formatter for display: `formatInternational()` once loaded, the number as it is until then. */
export function useFormatPhoneNumber(): Format {
  const [format, setFormat] = useState<Format | null>(() => loaded);
  useEffect(() => {
    if (format) return;
    let active = true;
    loadFormatter().then(
      (next) => {
        if (active) setFormat(() => next);
      },
      (error: unknown) => console.warn('[contacts] phone formatting unavailable', error),
    );
    return () => {
      active = false;
    };
  }, [format]);
  return format ?? asIs;
}
