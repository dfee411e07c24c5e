import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, json, mockFetch, problem } from '../../test/mockFetch';
import { ANN, renderApp } from '../../test/render';
import { forgetRulesets } from '../common/useRulesets';

const VALID = { campaignName: 'The Ashen Road', rulesetId: 'actlite', role: 'PLAYER', valid: true };
const RULESETS = [{ id: 'actlite', name: 'Actlite', summary: 'Cards decide.', initiativeModel: 'CARD_DECK', sheetSchema: { fields: [] } }];

describe('joining from an invite link', () => {
  beforeEach(() => {
    forgetRulesets();
    document.cookie = 'XSRF-TOKEN=t; path=/';
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearCookies();
  });

  it('shows the campaign, ruleset and role of a valid invite, and joins a signed-in user', async () => {
    const { calls } = mockFetch({
      'GET /api/invites/abc': json(VALID),
      'GET /api/rulesets': json(RULESETS),
      'POST /api/invites/abc/accept': json({ campaignId: 'c9', role: 'PLAYER' }),
      'GET /api/campaigns/c9': json({ id: 'c9', name: 'The Ashen Road', description: '', rulesetId: 'actlite', archived: false, myRole: 'PLAYER', owner: false, ownerDisplayName: 'Gia', memberCount: 2, createdAt: '2026-01-01T00:00:00Z', version: 1 }),
      'GET /api/campaigns/c9/characters': json([]),
    });
    renderApp('/join/abc');
    expect(await screen.findByRole('heading', { name: 'The Ashen Road' })).toBeTruthy();
    expect(await screen.findByText('Actlite')).toBeTruthy();
    expect(screen.getByText('Player')).toBeTruthy();
    expect(screen.getByText(/You are signed in as/).textContent).toContain(ANN.displayName);
    fireEvent.click(screen.getByRole('button', { name: 'Join as player' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/campaigns/c9'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/invites/abc/accept')).toBe(true);
  });

  it('lets a signed-out visitor sign up inline, then accepts and goes to the campaign', async () => {
    const { calls } = mockFetch({
      'GET /api/invites/abc': json(VALID),
      'POST /api/auth/signup': json({ id: 'u7', username: 'newbie', displayName: 'New Bie' }, 201),
      'POST /api/invites/abc/accept': json({ campaignId: 'c9', role: 'PLAYER' }),
      'GET /api/rulesets': json(RULESETS),
    });
    renderApp('/join/abc', { status: 'ready', me: null });
    expect(await screen.findByRole('heading', { name: 'The Ashen Road' })).toBeTruthy();
    expect(screen.getByText('Actlite')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'newbie' } });
    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: 'New Bie' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a long enough secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/campaigns/c9'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/auth/signup', '/api/invites/abc/accept']);
    expect(calls.find((c) => c.path === '/api/auth/signup')!.body).toEqual({ username: 'newbie', displayName: 'New Bie', password: 'a long enough secret' });
  });

  it('offers sign in instead, and shows a wrong password next to the form', async () => {
    mockFetch({
      'GET /api/invites/abc': json(VALID),
      'POST /api/auth/signin': problem(401, 'BAD_CREDENTIALS', 'Wrong username or password.'),
    });
    renderApp('/join/abc', { status: 'ready', me: null });
    fireEvent.click(await screen.findByRole('button', { name: 'I have an account' }));
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ann' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username or password.');
  });

  it('says an expired invite cannot be used, and offers no way to accept', async () => {
    mockFetch({ 'GET /api/invites/old': json({ ...VALID, valid: false, reason: 'expired' }) });
    renderApp('/join/old');
    expect(await screen.findByText('This invite link has expired.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'The Ashen Road' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
  });

  it('says a revoked or used-up invite cannot be used', async () => {
    mockFetch({ 'GET /api/invites/r': json({ ...VALID, valid: false, reason: 'used up' }) });
    renderApp('/join/r');
    expect(await screen.findByText('This invite link has been used as many times as it allows.')).toBeTruthy();
  });

  it('says an unknown code does not work', async () => {
    mockFetch({ 'GET /api/invites/nope': problem(404, 'INVITE_INVALID', 'No such invite.') });
    renderApp('/join/nope', { status: 'ready', me: null });
    expect(await screen.findByRole('heading', { name: 'This invite link does not work' })).toBeTruthy();
  });

  it('shows the reason when accepting fails after all', async () => {
    mockFetch({
      'GET /api/invites/abc': json(VALID),
      'GET /api/rulesets': json(RULESETS),
      'POST /api/invites/abc/accept': problem(410, 'INVITE_INVALID', 'This invite has been used up.'),
    });
    renderApp('/join/abc');
    fireEvent.click(await screen.findByRole('button', { name: 'Join as player' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/used up\. Ask a GM for a new link\./);
  });
});
