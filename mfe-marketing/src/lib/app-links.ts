// Where the public pages send a signed-in visitor in the app.

/** The dialer (spec §2 'Dialer view'). */
export const DIALER_PATH = '/home';

/** The dialer with a country's calling code filled in: its ?number= prefill ("+44" → /home?number=%2B44). */
export function dialerPathWithCode(callingCode: string): string {
  return `${DIALER_PATH}?number=${encodeURIComponent(callingCode)}`;
}
