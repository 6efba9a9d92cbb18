const FAILED = Symbol.for('ringwise.remote-failed');

export interface FailedRemoteModule {
  [FAILED]: true;
  id: string;
  error: unknown;
}

export function failedRemoteModule(id: string, error: unknown): FailedRemoteModule {
  return { [FAILED]: true, id, error };
}

export function isFailedRemoteModule(value: unknown): value is FailedRemoteModule {
  return typeof value === 'object' && value !== null && FAILED in value;
}
