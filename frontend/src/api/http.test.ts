import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, csrfToken, readCookie, request } from './http';
import { createCampaign, getMe, signIn, updateCharacter } from './client';
import { clearCookies, json, mockFetch, noContent, problem } from '../test/mockFetch';

describe('api client', () => {
  beforeEach(() => clearCookies());
  afterEach(() => {
    vi.unstubAllGlobals();
    clearCookies();
  });

  it('reads a cookie by name, decoding its value', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=abc%3D%3D; b=2')).toBe('abc==');
    expect(readCookie('XSRF-TOKEN', 'a=1')).toBeNull();
  });

  it('sends the XSRF-TOKEN cookie as the X-XSRF-TOKEN header on a mutation, with the session cookie', async () => {
    document.cookie = 'XSRF-TOKEN=tok-123; path=/';
    const { calls } = mockFetch({ 'POST /api/campaigns': json({ id: 'c1', name: 'Ash' }, 201) });
    await createCampaign({ name: 'Ash', description: '', rulesetId: 'actlite' });
    expect(calls).toHaveLength(1);
    expect(calls[0].headers['x-xsrf-token']).toBe('tok-123');
    expect(calls[0].headers['content-type']).toBe('application/json');
    expect(calls[0].body).toEqual({ name: 'Ash', description: '', rulesetId: 'actlite' });
    const init = (globalThis.fetch as ReturnType<typeof vi.fn>).mock.calls[0][1] as RequestInit;
    expect(init.credentials).toBe('same-origin');
  });

  it('sends the header on PUT, PATCH and DELETE too, but never on GET', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const { calls } = mockFetch({
      'GET /api/x': json({}),
      'PUT /api/x': json({}),
      'PATCH /api/x': json({}),
      'DELETE /api/x': noContent(),
    });
    await request('GET', '/api/x');
    await request('PUT', '/api/x', { json: {} });
    await request('PATCH', '/api/x', { json: {} });
    await expect(request('DELETE', '/api/x')).resolves.toBeUndefined();
    expect(calls.map((c) => c.headers['x-xsrf-token'])).toEqual([undefined, 't', 't', 't']);
  });

  it('fetches /api/auth/csrf first when the cookie is missing, then sends the token it set', async () => {
    const { calls } = mockFetch({
      'GET /api/auth/csrf': () => {
        document.cookie = 'XSRF-TOKEN=fresh; path=/';
        return json({ headerName: 'X-XSRF-TOKEN', parameterName: '_csrf', token: 'fresh' });
      },
      'POST /api/auth/signin': json({ id: 'u1', username: 'ann', displayName: 'Ann' }),
    });
    const me = await signIn({ username: 'ann', password: 'correct horse' });
    expect(me.displayName).toBe('Ann');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/auth/csrf', 'POST /api/auth/signin']);
    expect(calls[1].headers['x-xsrf-token']).toBe('fresh');
  });

  it('uses the token from the csrf response body when no cookie can be read', async () => {
    mockFetch({ 'GET /api/auth/csrf': json({ headerName: 'X-XSRF-TOKEN', parameterName: '_csrf', token: 'body-token' }) });
    await expect(csrfToken()).resolves.toBe('body-token');
  });

  it('parses problem+json into a typed ApiError with field errors', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch({
      'PUT /api/campaigns/c1/characters/k1': problem(400, 'VALIDATION_FAILED', 'The sheet is not valid.', [
        { field: 'sheet.agility', message: 'must be at most 6' },
        { field: 'name', message: 'must not be blank' },
      ]),
    });
    const error = await updateCharacter('c1', 'k1', { name: '', sheet: {}, version: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect(e.status).toBe(400);
    expect(e.code).toBe('VALIDATION_FAILED');
    expect(e.detail).toBe('The sheet is not valid.');
    expect(e.errors).toEqual([
      { field: 'sheet.agility', message: 'must be at most 6' },
      { field: 'name', message: 'must not be blank' },
    ]);
    expect(e.fieldMessage('sheet.agility')).toBe('must be at most 6');
    expect(e.fieldMessages()).toEqual({ 'sheet.agility': 'must be at most 6', name: 'must not be blank' });
  });

  it('keeps the Retry-After of a throttled sign-in', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch({ 'POST /api/auth/signin': problem(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts.', undefined, { 'Retry-After': '30' }) });
    const e = (await signIn({ username: 'a', password: 'b' }).catch((x: unknown) => x)) as ApiError;
    expect(e.code).toBe('TOO_MANY_ATTEMPTS');
    expect(e.retryAfterSeconds).toBe(30);
  });

  it('gives an error without a problem body a code from its status', async () => {
    mockFetch({ 'GET /api/campaigns/zz': new Response('nope', { status: 404 }) });
    const e = (await request('GET', '/api/campaigns/zz').catch((x: unknown) => x)) as ApiError;
    expect(e.code).toBe('NOT_FOUND');
    expect(e.errors).toEqual([]);
  });

  it('turns an unreachable server into a NETWORK error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }));
    const e = (await request('GET', '/api/rulesets').catch((x: unknown) => x)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.code).toBe('NETWORK');
    expect(e.status).toBe(0);
  });

  it('retries a mutation once with a fresh token when the CSRF token was refused', async () => {
    document.cookie = 'XSRF-TOKEN=old; path=/';
    const { calls } = mockFetch({
      'POST /api/auth/signout': [new Response(null, { status: 403 }), noContent()],
      'GET /api/auth/csrf': () => {
        document.cookie = 'XSRF-TOKEN=new; path=/';
        return json({ headerName: 'X-XSRF-TOKEN', parameterName: '_csrf', token: 'new' });
      },
    });
    await request('POST', '/api/auth/signout');
    expect(calls.map((c) => `${c.method} ${c.path} ${c.headers['x-xsrf-token'] ?? ''}`)).toEqual([
      'POST /api/auth/signout old',
      'GET /api/auth/csrf ',
      'POST /api/auth/signout new',
    ]);
  });

  it('does not retry a 403 that carries a contract code', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const { calls } = mockFetch({ 'DELETE /api/campaigns/c1': problem(403, 'FORBIDDEN', 'Only the owner may delete.') });
    const e = (await request('DELETE', '/api/campaigns/c1').catch((x: unknown) => x)) as ApiError;
    expect(e.code).toBe('FORBIDDEN');
    expect(calls).toHaveLength(1);
  });

  it('answers null for the current user when signed out', async () => {
    mockFetch({ 'GET /api/me': problem(401, 'UNAUTHENTICATED', 'Sign in first.') });
    await expect(getMe()).resolves.toBeNull();
  });
});
