import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_ROUTES } from './App';
import { json, mockFetch, problem } from './test/mockFetch';
import { renderApp } from './test/render';

describe('App routes', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('serves exactly the routes the server forwards to index.html', () => {
    expect(CLIENT_ROUTES).toEqual(['/', '/signin', '/signup', '/join/:code', '/campaigns/:id', '/campaigns/:id/table']);
  });

  it('sends a signed-out visitor of the lobby to sign in, and back afterwards', async () => {
    mockFetch({});
    renderApp('/campaigns/c1', { status: 'ready', me: null });
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/signin?next=%2Fcampaigns%2Fc1');
  });

  it('shows the sign-up form with the contract limits as hints', async () => {
    renderApp('/signup', { status: 'ready', me: null });
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(screen.getByText(/3–32 characters/)).toBeTruthy();
    expect(screen.getByText(/Up to 64 characters/)).toBeTruthy();
    expect(screen.getByText(/10–128 characters/)).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(submit.title).toMatch(/username/);
  });

  it('says plainly when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }));
    renderApp('/', { status: 'error', error: await import('./api').then((m) => new m.ApiError({ status: 0, code: 'NETWORK', title: 'x', detail: 'Cannot reach the Astragal server.' })) });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Cannot reach the Astragal server.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('renders the table frame with the campaign name and a way back', async () => {
    mockFetch({
      'GET /api/campaigns/c1': json({ id: 'c1', name: 'The <b>Ashen</b> Road', description: '', rulesetId: 'actlite', archived: false, myRole: 'PLAYER', owner: false, ownerDisplayName: 'Gia', memberCount: 3, createdAt: '2026-01-01T00:00:00Z', version: 1 }),
      'GET /api/auth/csrf': json({ headerName: 'X-XSRF-TOKEN', parameterName: '_csrf', token: 't0k3n' }),
    });
    renderApp('/campaigns/c1/table');
    expect(await screen.findByRole('heading', { name: 'The <b>Ashen</b> Road' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to the campaign/ }).getAttribute('href')).toBe('/campaigns/c1');
    expect(screen.getByText(/Opening the table/)).toBeTruthy();
  });

  it('shows a campaign that is not mine as not found', async () => {
    mockFetch({ 'GET /api/campaigns/zz': problem(404, 'NOT_FOUND', 'No such campaign.') });
    renderApp('/campaigns/zz');
    expect(await screen.findByRole('heading', { name: 'Campaign not found' })).toBeTruthy();
  });
});
