import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, json, mockFetch, problem } from '../../test/mockFetch';
import { renderApp } from '../../test/render';
import { forgetRulesets } from '../common/useRulesets';

const RULESETS = [
  { id: 'actlite', name: 'Actlite', summary: 'Fast action; AP cards dealt from one deck decide who acts.', initiativeModel: 'CARD_DECK', sheetSchema: { fields: [] } },
  { id: 'vogt', name: 'Vogt', summary: 'Everyone declares, then rolls the die of their action.', initiativeModel: 'DECLARED_DICE', sheetSchema: { fields: [] } },
];

function campaign(id: string, name: string, over: object = {}) {
  return { id, name, description: '', rulesetId: 'actlite', archived: false, myRole: 'GM', owner: true, ownerDisplayName: 'Ann', memberCount: 1, createdAt: '2026-01-01T00:00:00Z', version: 1, ...over };
}

const page = (items: object[], extra: object = {}) => json({ items, page: 0, size: 12, totalItems: items.length, totalPages: items.length ? 1 : 0, ...extra });

describe('lobby', () => {
  beforeEach(() => {
    forgetRulesets();
    document.cookie = 'XSRF-TOKEN=t; path=/';
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearCookies();
  });

  it('lists my campaigns with role and ruleset', async () => {
    mockFetch({
      'GET /api/campaigns': page([campaign('c1', 'Ashen Road'), campaign('c2', 'Salt and Iron', { rulesetId: 'vogt', myRole: 'PLAYER', owner: false, ownerDisplayName: 'Tomas' })]),
      'GET /api/rulesets': json(RULESETS),
    });
    renderApp('/');
    const list = await screen.findByRole('list');
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('Ashen Road')).toBeTruthy();
    expect(within(cards[0]).getByText('Game master')).toBeTruthy();
    expect(await within(cards[1]).findByText('Vogt')).toBeTruthy();
    expect(within(cards[1]).getByText('Player')).toBeTruthy();
    expect(within(cards[1]).getByText('Run by Tomas')).toBeTruthy();
  });

  it('shows archived campaigns on request, and an empty state', async () => {
    const { calls } = mockFetch({
      'GET /api/campaigns?page=0&size=12&archived=false': page([campaign('c1', 'Ashen Road')]),
      'GET /api/campaigns?page=0&size=12&archived=true': page([]),
      'GET /api/rulesets': json(RULESETS),
    });
    renderApp('/');
    await screen.findByText('Ashen Road');
    fireEvent.click(screen.getByRole('button', { name: 'Archived' }));
    expect(await screen.findByText('No archived campaigns')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('archived=true'))).toBe(true);
  });

  it('pages through campaigns', async () => {
    const { calls } = mockFetch({
      'GET /api/campaigns?page=0&size=12&archived=false': page([campaign('c1', 'First')], { totalItems: 13, totalPages: 2 }),
      'GET /api/campaigns?page=1&size=12&archived=false': page([campaign('c13', 'Thirteenth')], { page: 1, totalItems: 13, totalPages: 2 }),
      'GET /api/rulesets': json(RULESETS),
    });
    renderApp('/');
    await screen.findByText('First');
    expect((screen.getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Thirteenth')).toBeTruthy();
    expect(screen.getByText(/Page 2 of 2/)).toBeTruthy();
    expect(calls.some((c) => c.url.includes('page=1'))).toBe(true);
  });

  it('creates a campaign with a chosen ruleset and opens it', async () => {
    const { calls } = mockFetch({
      'GET /api/campaigns': page([]),
      'GET /api/rulesets': json(RULESETS),
      'POST /api/campaigns': json(campaign('c5', 'Wyrm Winter', { rulesetId: 'vogt' }), 201),
      'GET /api/campaigns/c5': json(campaign('c5', 'Wyrm Winter', { rulesetId: 'vogt' })),
      'GET /api/campaigns/c5/characters': json([]),
    });
    renderApp('/');
    expect(await screen.findByText('No campaigns yet')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Create a campaign' });
    const submit = within(form).getByRole('button', { name: 'Create campaign' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(submit.title).toBe('Give the campaign a name');
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: '  Wyrm Winter ' } });
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'Snow that never melts.' } });
    expect(submit.title).toBe('Pick a ruleset');
    expect(await within(form).findByText('Everyone declares, then rolls the die of their action.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('radio', { name: /Vogt/ }));
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/campaigns/c5'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ name: 'Wyrm Winter', description: 'Snow that never melts.', rulesetId: 'vogt' });
    expect(post.headers['x-xsrf-token']).toBe('t');
  });

  it('shows the server’s rejection next to the field that caused it', async () => {
    mockFetch({
      'GET /api/campaigns': page([]),
      'GET /api/rulesets': json(RULESETS),
      'POST /api/campaigns': problem(400, 'VALIDATION_FAILED', 'Invalid campaign.', [{ field: 'name', message: 'Name is already used by another of your campaigns.' }]),
    });
    renderApp('/');
    const form = await screen.findByRole('form', { name: 'Create a campaign' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Ashen Road' } });
    fireEvent.click(await within(form).findByRole('radio', { name: /Actlite/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create campaign' }));
    const message = await within(form).findByText('Name is already used by another of your campaigns.');
    const name = within(form).getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('says so when the campaigns cannot be loaded', async () => {
    mockFetch({ 'GET /api/campaigns': new Response('Bad gateway', { status: 502 }), 'GET /api/rulesets': json(RULESETS) });
    renderApp('/');
    expect(await screen.findByText('Your campaigns could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
