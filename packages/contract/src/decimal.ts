// The contract's exact decimal strings as integers, for comparing and dividing without floats. Plain
// functions, safe in the browser.

/** Whole cents of a Money-like text ("25", "25.5", "25.50" → 2550n), or null when it is not one. */
export function centsOf(text: string): bigint | null {
  const match = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as Money ("2550" cents → "25.50"). */
export function moneyOf(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Millionths of a dollar of a non-negative decimal text, digits past the sixth dropped ("0.032000" → 32000n,
 *  "4.00" → 4000000n), or null when it is not one. */
export function microDollarsOf(text: string): bigint | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  return BigInt(match[1]! + (match[2] ?? '').padEnd(6, '0').slice(0, 6));
}

/** Whole minutes a balance buys at a price per minute, on exact decimals ("4.00" at "0.032000" → 125n; a JSON number
 *  rate such as the lookup's 0.032 is read to 6 places); null without a positive price or a readable balance. */
export function minutesAvailable(balance: string, ratePerMinute: string | number): bigint | null {
  const rateText = typeof ratePerMinute === 'number' ? (Number.isFinite(ratePerMinute) && ratePerMinute >= 0 ? ratePerMinute.toFixed(6) : '') : ratePerMinute;
  const price = microDollarsOf(rateText);
  const funds = microDollarsOf(balance);
  if (!price || funds === null) return null;
  return funds / price;
}
