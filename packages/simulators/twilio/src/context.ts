// What every REST operation of the simulator (resources/) works with and answers: one transaction (`ctx.sql`), the
// clock and the account; Twilio's dates and SIDs. The resources answer with the JSON Twilio answers with, field names
// and shapes as in Twilio's OpenAPI spec of 2010-04-01 (twilio-facts.md §1).
import { randomBytes } from 'node:crypto';
import type { SimulatorSql } from '@ringwise/simulator-common/host';

export const apiVersion = '2010-04-01';

export interface ServiceContext {
  sql: SimulatorSql;
  /** The clock, in milliseconds. */
  now: number;
  accountSid: string;
}

/** A callback to send once the transaction has committed. */
export interface PendingCallback {
  url: string;
  method: string;
  params: Record<string, string>;
}

export interface ApiResult {
  status: number;
  body: unknown;
  /** A file instead of JSON (a recording's audio). */
  media?: { contentType: string; bytes: Uint8Array };
}

/** `Tue, 31 Aug 2010 20:36:28 +0000`. */
export function rfc2822(ms: number | string): string {
  return new Date(Number(ms)).toUTCString().replace(/GMT$/, '+0000');
}

/** A SID: two letters and 32 hex digits. */
export function newSid(prefix: string): string {
  return `${prefix}${randomBytes(16).toString('hex')}`;
}

export const accountPath = (ctx: ServiceContext) => `/${apiVersion}/Accounts/${ctx.accountSid}`;
