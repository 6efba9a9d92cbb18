// The provider stand-ins: each a program of its own (its own process and port), run only while the provider it
// stands in for is not configured. The product reaches one only at the URL its variable gives, as it reaches the
// provider (the SDK's base URL, Supabase's project URL); the stand-in reaches the product only at PUBLIC_URL.

export type StandInKey = 'auth' | 'twilio' | 'stripe';

export interface StandIn {
  key: StandInKey;
  /** What it stands in for, for people (logs, the dev command's list). */
  label: string;
  /** Its package folder and the program in it that serves it. */
  dir: string;
  entry: string;
  /** Where it listens by default (http://localhost:<port>). */
  port: number;
  /** The variable that moves it: its origin, as the browser and the api reach it. */
  urlEnv: string;
}

export const standIns: readonly StandIn[] = [
  { key: 'auth', label: 'Supabase Auth stand-in', dir: 'packages/simulators/auth', entry: 'src/server.ts', port: 3010, urlEnv: 'AUTH_STAND_IN_URL' },
  { key: 'twilio', label: 'carrier simulator', dir: 'packages/simulators/twilio', entry: 'src/server.ts', port: 3011, urlEnv: 'TWILIO_SIMULATOR_URL' },
  { key: 'stripe', label: 'payment simulator', dir: 'packages/simulators/stripe', entry: 'src/server.ts', port: 3012, urlEnv: 'STRIPE_SIMULATOR_URL' },
];

export function standInOf(key: StandInKey): StandIn {
  const found = standIns.find((standIn) => standIn.key === key);
  if (!found) throw new Error(`no stand-in ${key}`);
  return found;
}

/** A stand-in's origin from `env` (its variable, else http://localhost:<port>), without a trailing slash. */
export function standInUrl(key: StandInKey, env: Record<string, string | undefined> = process.env): string {
  const standIn = standInOf(key);
  const value = env[standIn.urlEnv]?.trim();
  return (value || `http://localhost:${standIn.port}`).replace(/\/+$/, '');
}
