// Calls to the carrier (the official Twilio SDK: Twilio, or the local simulator) and what their failures mean
// for a user. A RestException the caller does not handle itself reaches the error plugin (502/503, logged); a
// transport failure (the carrier unreachable, a timeout) becomes a 503 here.
import twilio from 'twilio';
import { HttpError } from '../../plugins/errors.ts';

export type RestException = InstanceType<typeof twilio.RestException>;

export const isRestException = (error: unknown): error is RestException => error instanceof twilio.RestException;

/** The carrier's error code of a failure (21422 …), or null when it is not one of the carrier's answers. */
export const carrierCode = (error: unknown): number | null => (isRestException(error) ? (error.code ?? null) : null);

export const carrierUnreachable = () =>
  new HttpError(503, 'unavailable', 'The phone carrier could not be reached. Please try again in a moment.');

/** Runs a carrier request; a failure that is not the carrier's own answer is reported as the carrier unreachable. */
export async function carrier<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (isRestException(error) || error instanceof HttpError) throw error;
    throw carrierUnreachable();
  }
}
