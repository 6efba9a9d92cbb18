// A virtual number's call forwarding (issue 36): calls the customer does not take in the browser (`unanswered`), or
// every call (`always`), go on to one of their verified caller IDs. The forwarded leg is billed per minute at the
// destination's rate, like an outgoing call, and is listed in Recent Calls as "Forwarded".
//   GET /api/virtual-numbers/{id}/forwarding → {mode, to}
//   PUT /api/virtual-numbers/{id}/forwarding  {mode, to} → the same
import { Type, type Static } from '@sinclair/typebox';
import { E164, IdParams, Nullable, OneOf } from '../values.ts';
import { forwardingModes } from './rules.ts';

export const NumberForwarding = Type.Object(
  {
    mode: OneOf(forwardingModes, { error: `mode must be one of ${forwardingModes.join(', ')}` }),
    /** The verified caller ID calls go to; null when forwarding is off. */
    to: Nullable(E164),
  },
  { additionalProperties: false },
);
export type NumberForwarding = Static<typeof NumberForwarding>;

export const NumberForwardingInput = Type.Object(
  {
    mode: OneOf(forwardingModes, { error: `mode must be one of ${forwardingModes.join(', ')}` }),
    to: Type.Optional(Nullable(Type.String({ maxLength: 32 }))),
  },
  { additionalProperties: false },
);
export type NumberForwardingInput = Static<typeof NumberForwardingInput>;

export const forwardingSchemas = {
  getNumberForwarding: { params: IdParams, response: { 200: NumberForwarding } },
  setNumberForwarding: { params: IdParams, body: NumberForwardingInput, response: { 200: NumberForwarding } },
};
