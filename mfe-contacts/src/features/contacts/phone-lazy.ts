// The dialer's widgets show numbers before libphonenumber-js has arrived: as stored (E.164) at first,
// formatted once the phone module is loaded (the contacts view has it already, so it is instant there).
import { useEffect, useState } from 'react';

type PhoneModule = typeof import('./phone.ts');

let loaded: PhoneModule | null = null;
let loading: Promise<PhoneModule> | null = null;

/** Starts (or joins) loading the phone module; a failed load is tried again on the next call. */
export function loadPhoneModule(): Promise<PhoneModule> {
  loading ??= import('./phone.ts').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const asIs = (value: string) => value;

/** A formatter for display: `formatInternational()` once loaded, the number as it is until then. */
export function useFormatPhoneNumber(): (value: string) => string {
  const [module, setModule] = useState<PhoneModule | null>(loaded);
  useEffect(() => {
    if (module) return;
    let active = true;
    loadPhoneModule().then(
      (next) => {
        if (active) setModule(next);
      },
      (error: unknown) => console.warn('[contacts] phone formatting unavailable', error),
    );
    return () => {
      active = false;
    };
  }, [module]);
  return module ? module.formatPhoneNumber : asIs;
}
