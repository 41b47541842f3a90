// The browser's way to call the shop's JSON API. Every call carries the session token as
// `Authorization: Basic {token}` once someone is signed in.

let authToken: string | null = null;

export function setApiToken(token: string | null | undefined): void {
  authToken = token ?? null;
}

/** The session token calls carry now (null when nobody is signed in). */
export function currentApiToken(): string | null {
  return authToken;
}

export class ApiError extends Error {
  readonly status: number;
  readonly messageKey: string | undefined;
  readonly field: string | undefined;

  constructor(status: number, message: string, messageKey?: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.messageKey = messageKey;
    this.field = field;
  }
}

export async function apiFetch<T = unknown>(
  path: string,
  options: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (authToken) headers.authorization = `Basic ${authToken}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (response.status === 204) return undefined as T;
  const payload = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      typeof payload?.message === 'string' ? payload.message : response.statusText,
      typeof payload?.messageKey === 'string' ? payload.messageKey : undefined,
      typeof payload?.field === 'string' ? payload.field : undefined,
    );
  }
  return payload as T;
}

/**
 * A GET that is answered 304 without a body while the resource is unchanged: `etag` (the tag of the
 * last answer) goes out as If-None-Match. Resolves null for 304, else the body with the answer's tag.
 */
export async function apiFetchIfChanged<T = unknown>(path: string, etag: string | null, signal?: AbortSignal): Promise<{ body: T; etag: string | null } | null> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (authToken) headers.authorization = `Basic ${authToken}`;
  if (etag) headers['if-none-match'] = etag;
  const response = await fetch(path, { headers, signal });
  if (response.status === 304) return null;
  const payload = (await response.json().catch(() => null)) as (T & Record<string, unknown>) | null;
  if (!response.ok || payload === null) {
    throw new ApiError(response.status, typeof payload?.message === 'string' ? payload.message : response.statusText, typeof payload?.messageKey === 'string' ? payload.messageKey : undefined);
  }
  return { body: payload, etag: response.headers.get('etag') };
}
