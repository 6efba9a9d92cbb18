// Phone numbers as the numbers screens show them (spec §2 Virtual Numbers modal: US/CA "+1 (212) 555-0123", DE
// and GB grouped, the others split after the calling code), with @ringwise/phone's formatVirtualNumber. That
// package carries libphonenumber-js's metadata (~29 KB gzip), so it is loaded on first use, never with the
// first load of a widget: numbers show as stored (E.164) for that moment, then formatted.
import { useEffect, useState } from 'react';

export type FormatNumber = (e164: string) => string;

let loaded: FormatNumber | null = null;
let loading: Promise<FormatNumber> | null = null;

/** Starts (or joins) loading the formatter; a failed load is tried again on the next call. */
export function loadNumberFormat(): Promise<FormatNumber> {
  loading ??= import('@ringwise/phone').then(
    ({ formatVirtualNumber }) => (loaded = formatVirtualNumber),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const asIs: FormatNumber = (value) => value;

/** The formatter if it has arrived, else the number as it is (for toasts written outside React). */
export function formatNumberNow(e164: string): string {
  return (loaded ?? asIs)(e164);
}

/** A formatter for display: formatVirtualNumber() once loaded, the number as it is until then. */
export function useFormatNumber(): FormatNumber {
  const [format, setFormat] = useState<FormatNumber | null>(() => loaded);
  useEffect(() => {
    if (format) return;
    let active = true;
    loadNumberFormat().then(
      (next) => {
        if (active) setFormat(() => next);
      },
      (error: unknown) => console.warn('[numbers] phone formatting unavailable', error),
    );
    return () => {
      active = false;
    };
  }, [format]);
  return format ?? asIs;
}
