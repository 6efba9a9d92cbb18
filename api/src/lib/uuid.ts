/** A uuid as Postgres prints it (any case). Ids from paths and payloads are checked with it before they reach a
 *  uuid column, so a malformed one is simply not found (never a 500 from a failed cast). */
export const isUuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
