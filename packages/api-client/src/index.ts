// The one API client every build shares (spec §6-§8): bearer token when there is a session, JSON only
// when there is a body, and every non-2xx turned into an error reading "status: body".
import type { QueryFunction } from '@tanstack/react-query';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The `{ error: { code, message } }` envelope of the api, when the body is one. */
  get apiError(): { code: string; message: string } | null {
    try {
      const parsed = JSON.parse(this.body) as { error?: { code?: unknown; message?: unknown } };
      const { code, message } = parsed.error ?? {};
      return typeof code === 'string' && typeof message === 'string' ? { code, message } : null;
    } catch {
      return null;
    }
  }
}

type TokenGetter = () => Promise<string | null | undefined>;
let getAccessToken: TokenGetter = async () => null;

/** The auth layer registers how to read the current session's access token. */
export function setAccessTokenGetter(getter: TokenGetter): void {
  getAccessToken = getter;
}

async function authHeader(): Promise<Record<string, string>> {
  try {
    const token = await getAccessToken();
    return token ? { Authorization: `Bearer ${token}` } : {};
  } catch (error) {
    console.warn('Could not get the access token; sending the request without it.', error);
    return {};
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = await res.text().catch(() => '');
  throw new ApiError(res.status, body, res.statusText);
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const headers = await authHeader();
  const hasBody = data !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: hasBody ? JSON.stringify(data) : undefined,
    credentials: 'same-origin',
  });
  await throwIfResNotOk(res);
  return res;
}

export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  return (await res.json()) as T;
}

/** The default read: a GET to the query key's parts joined by slashes. */
export const defaultQueryFn: QueryFunction = async ({ queryKey }) => {
  const url = queryKey.filter((part) => part !== undefined && part !== null).join('/');
  return apiJson('GET', url);
};

/** Spec §9 'Data fetching': fresh 5 min, kept 10 min, no retries, no refetch on focus, no polling. */
export const queryDefaults = {
  queryFn: defaultQueryFn,
  staleTime: 5 * 60 * 1000,
  gcTime: 10 * 60 * 1000,
  retry: false,
  refetchOnWindowFocus: false,
  refetchInterval: false,
} as const;

/** The signed-in user object (spec §3 users, §7 GET /api/auth/user); money fields are exact decimal strings. */
export interface CurrentUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  /** e.g. "12.50" */
  balance: string;
  role: string;
  autoRechargeEnabled: boolean;
  autoRechargeTrigger: string;
  autoRechargeAmount: string;
  lowBalanceAlertEnabled: boolean;
  lowBalanceAlertThreshold: string;
  defaultCallerId: string | null;
  stripeCustomerId: string | null;
  createdAt: string;
  updatedAt: string;
}

export const currentUserQueryKey = ['/api/auth/user'] as const;
