// A remote the shell refuses to run: built with another federation major, or for another React major, than this
// shell. Running it anyway resolves the page's shared singletons to nothing (React null) and crashes its area.
const INCOMPATIBLE = Symbol.for('ringwise.remote-incompatible');

export class IncompatibleRemoteError extends Error {
  readonly [INCOMPATIBLE] = true;
  override name = 'IncompatibleRemoteError';

  constructor(
    readonly remote: string,
    /** The remote was built for a newer Ringwise than this page runs (a reload brings the newer shell). */
    readonly newer: boolean,
  ) {
    super(`${remote} was built for ${newer ? 'a newer' : 'an older'} version of the shell and is not loaded`);
  }
}

export function isIncompatibleRemoteError(error: unknown): error is IncompatibleRemoteError {
  return typeof error === 'object' && error !== null && INCOMPATIBLE in error;
}
