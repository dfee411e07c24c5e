// A scripted fetch for unit tests: routes keyed by "METHOD /path" (query ignored unless given).
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  url: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = Response | ((call: RecordedCall) => Response | Promise<Response>);

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function problem(
  status: number,
  code: string,
  detail: string,
  errors?: { field: string; message: string }[],
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ type: 'about:blank', title: 'Problem', status, detail, code, errors }), {
    status,
    headers: { 'Content-Type': 'application/problem+json', ...headers },
  });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/**
 * Installs a fetch mock. `routes` maps "GET /api/me" (or "GET /api/campaigns?archived=false")
 * to a reply; an unknown route answers 404 problem+json. Returns the recorded calls.
 */
export function mockFetch(routes: Record<string, Reply | Reply[]>) {
  const calls: RecordedCall[] = [];
  const queues = new Map<string, Reply[]>();
  for (const [k, v] of Object.entries(routes)) queues.set(k, Array.isArray(v) ? [...v] : [v]);
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const parsed = new URL(url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key.toLowerCase()] = value;
    });
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, url, path: parsed.pathname, headers, body };
    calls.push(call);
    const keys = [`${method} ${parsed.pathname}${parsed.search}`, `${method} ${parsed.pathname}`];
    for (const key of keys) {
      const queue = queues.get(key);
      if (!queue || queue.length === 0) continue;
      const reply = queue.length > 1 ? queue.shift()! : queue[0];
      return typeof reply === 'function' ? reply(call) : reply.clone();
    }
    return problem(404, 'NOT_FOUND', `No mock for ${method} ${url}`);
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
}

export function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
}
