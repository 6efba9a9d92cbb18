// Display formats of spec §9: dollars with 2 decimals, rates with 3, en-US dates, MM:SS durations.
// Amounts arrive from the api as exact decimal strings; they are rounded here on digits, never on floats.

/** Rounds a decimal string (or an integer count of micro-units) half up to `places` decimals. */
export function roundDecimal(value: string, places: number): { negative: boolean; units: bigint } {
  const match = /^\s*([+-])?(\d*)(?:\.(\d*))?\s*$/.exec(value);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new Error(`not a decimal: "${value}"`);
  const negative = match[1] === '-';
  const whole = match[2] || '0';
  const fraction = (match[3] ?? '').padEnd(places + 1, '0');
  const kept = BigInt(whole + fraction.slice(0, places));
  const roundUp = Number(fraction[places]) >= 5;
  const units = kept + (roundUp ? 1n : 0n);
  return { negative: negative && units !== 0n, units };
}

function formatUnits({ negative, units }: { negative: boolean; units: bigint }, places: number): string {
  const digits = units.toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = digits.slice(digits.length - places);
  return `${negative ? '-' : ''}$${whole}${places > 0 ? `.${fraction}` : ''}`;
}

function toDecimalString(value: string | number): string {
  // Numbers are accepted for convenience (e.g. a rate from JSON); toFixed(9) keeps every digit that matters.
  return typeof value === 'number' ? value.toFixed(9) : value;
}

/** "$1,234.50"; negative amounts as "-$0.06". */
export function formatUsd(value: string | number): string {
  return formatUnits(roundDecimal(toDecimalString(value), 2), 2);
}

/** A per-minute rate with 3 decimals: "$0.032". */
export function formatRate(value: string | number): string {
  return formatUnits(roundDecimal(toDecimalString(value), 3), 3);
}

// Made on first use: building an Intl formatter loads locale data, a noticeable cost on a phone's
// start-up when most pages never show a date.
let dateFormat: Intl.DateTimeFormat | null = null;

/** "Nov 22, 2026, 3:04 PM" */
export function formatDateTime(value: string | number | Date): string {
  dateFormat ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
  return dateFormat.format(new Date(value));
}

/** Whole seconds as MM:SS ("01:05"); an hour or more keeps counting minutes ("75:00"). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
