// Country names for the country selector and the number lists, from the browser's own English names.

let names: Intl.DisplayNames | null = null;

/** "GB" → "United Kingdom"; an unknown code is shown as it is. */
export function countryName(code: string): string {
  try {
    names ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
