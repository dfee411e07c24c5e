// The REST transport: fetch with the session cookie, CSRF cookie-to-header on mutations, and
// RFC 9457 problem+json turned into a typed ApiError.

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
export const CSRF_ENDPOINT = '/api/auth/csrf';

/** One rejected input, e.g. `{field: "sheet.agility", message: "must be at most 6"}`. */
export interface FieldError {
  field: string;
  message: string;
}

/** Stable machine codes from the contract, plus the client's own for unreachable servers. */
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'NOT_FOUND'
  | 'FORBIDDEN'
  | 'CONFLICT'
  | 'STALE_VERSION'
  | 'INVITE_INVALID'
  | 'BAD_CREDENTIALS'
  | 'TOO_MANY_ATTEMPTS'
  | 'USERNAME_TAKEN'
  | 'UNAUTHENTICATED'
  | 'NETWORK'
  | 'UNEXPECTED'
  | (string & {});

export interface ProblemDetail {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  instance?: string;
  code?: string;
  errors?: FieldError[];
  [extra: string]: unknown;
}

/** A failed API call: the server's problem detail, or the client's account of a network failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly title: string;
  readonly detail: string;
  readonly errors: FieldError[];
  /** Seconds to wait before trying again (from `Retry-After`), when the server said. */
  readonly retryAfterSeconds: number | null;
  readonly problem: ProblemDetail | null;

  constructor(init: {
    status: number;
    code: ErrorCode;
    title: string;
    detail: string;
    errors?: FieldError[];
    retryAfterSeconds?: number | null;
    problem?: ProblemDetail | null;
  }) {
    super(init.detail || init.title);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.detail = init.detail;
    this.errors = init.errors ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.problem = init.problem ?? null;
  }

  /** The message for one field, e.g. `fieldMessage("sheet.agility")`. */
  fieldMessage(field: string): string | undefined {
    return this.errors.find((e) => e.field === field)?.message;
  }

  /** All field messages keyed by field name (the first message per field wins). */
  fieldMessages(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.errors) {
      if (!(e.field in out)) out[e.field] = e.message;
    }
    return out;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** A sentence for a person, whatever was thrown. */
export function errorMessage(e: unknown): string {
  if (e instanceof ApiError) return e.detail || e.title;
  if (e instanceof Error) return e.message;
  return 'Something went wrong.';
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'INVITE_INVALID',
  429: 'TOO_MANY_ATTEMPTS',
};

const TITLE_BY_STATUS: Record<number, string> = {
  400: 'The request was not accepted.',
  401: 'You are not signed in.',
  403: 'You are not allowed to do that.',
  404: 'Not found.',
  409: 'That conflicts with the current state.',
  429: 'Too many attempts. Wait a moment and try again.',
};

export function readCookie(name: string, cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      if (raw === '') return null;
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function networkError(): ApiError {
  return new ApiError({
    status: 0,
    code: 'NETWORK',
    title: 'Cannot reach the server',
    detail: 'Cannot reach the Astragal server. Check your connection and try again.',
  });
}

async function send(input: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch {
    throw networkError();
  }
}

let pendingCsrf: Promise<string> | null = null;

/**
 * The CSRF token for a mutation: the `XSRF-TOKEN` cookie, or, when it is missing (first visit,
 * or just after signing in, when the server rotates it), the token from `GET /api/auth/csrf`.
 */
export async function csrfToken(): Promise<string> {
  const fromCookie = readCookie(CSRF_COOKIE);
  if (fromCookie) return fromCookie;
  pendingCsrf ??= (async () => {
    const response = await send(CSRF_ENDPOINT, {
      method: 'GET',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw await toApiError(response);
    const body = (await response.json()) as { token?: string };
    return readCookie(CSRF_COOKIE) ?? body.token ?? '';
  })().finally(() => {
    pendingCsrf = null;
  });
  return pendingCsrf;
}

export async function toApiError(response: Response): Promise<ApiError> {
  const status = response.status;
  const retryHeader = response.headers.get('Retry-After');
  const retryAfterSeconds = retryHeader && /^\d+$/.test(retryHeader.trim()) ? Number(retryHeader) : null;
  let problem: ProblemDetail | null = null;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) {
    try {
      const parsed: unknown = await response.json();
      if (parsed && typeof parsed === 'object') problem = parsed as ProblemDetail;
    } catch {
      problem = null;
    }
  }
  const errors = Array.isArray(problem?.errors)
    ? problem.errors
        .filter((e): e is FieldError => !!e && typeof e.field === 'string' && typeof e.message === 'string')
        .map((e) => ({ field: e.field, message: e.message }))
    : [];
  const fallbackTitle = TITLE_BY_STATUS[status] ?? (status >= 500 ? 'The server ran into a problem.' : 'The request failed.');
  const title = typeof problem?.title === 'string' && problem.title ? problem.title : fallbackTitle;
  const detail =
    typeof problem?.detail === 'string' && problem.detail
      ? problem.detail
      : status >= 500 && !problem
        ? `The Astragal server did not answer properly (HTTP ${status}). Try again in a moment.`
        : title;
  const code = typeof problem?.code === 'string' && problem.code ? problem.code : (CODE_BY_STATUS[status] ?? 'UNEXPECTED');
  return new ApiError({ status, code, title, detail, errors, retryAfterSeconds, problem });
}

export interface RequestOptions {
  /** A JSON body (serialized here). */
  json?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined) params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * One API call. Resolves with the parsed JSON body (undefined for 204), or rejects with an
 * ApiError. A mutation refused for a stale CSRF token is retried once with a fresh token.
 */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const url = withQuery(path, options.query);
  const upper = method.toUpperCase();
  const attempt = async (): Promise<Response> => {
    const headers: Record<string, string> = { Accept: 'application/json, application/problem+json' };
    if (options.json !== undefined) headers['Content-Type'] = 'application/json';
    if (MUTATIONS.has(upper)) headers[CSRF_HEADER] = await csrfToken();
    return send(url, {
      method: upper,
      headers,
      credentials: 'same-origin',
      body: options.json !== undefined ? JSON.stringify(options.json) : undefined,
      signal: options.signal,
    });
  };
  let response = await attempt();
  if (response.status === 403 && MUTATIONS.has(upper)) {
    const error = await toApiError(response.clone());
    // Spring Security's CSRF rejection carries no contract code: forget the cookie and retry once.
    if (!error.problem?.code) {
      document.cookie = `${CSRF_COOKIE}=; Max-Age=0; path=/`;
      response = await attempt();
    }
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
