import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Character, SheetField, SheetSchema } from '../../api';
import { ApiError } from '../../api';
import { clearCookies, json, mockFetch, problem } from '../../test/mockFetch';
import { CharacterForm } from './CharacterForm';
import { draftFromSheet, recordListProblem, sheetFromDraft, splitCharacterErrors } from './sheetForm';

function field(key: string, type: SheetField['type'], over: Partial<SheetField> = {}): SheetField {
  return { key, label: key[0].toUpperCase() + key.slice(1), type, min: null, max: null, defaultValue: null, visibility: 'PUBLIC', derived: false, help: '', ...over };
}

const schema: SheetSchema = {
  fields: [
    field('body', 'INTEGER', { min: 1, max: 6, defaultValue: 2, help: 'Strength and toughness.' }),
    field('concept', 'TEXT', { max: 80, defaultValue: '' }),
    field('notes', 'LONG_TEXT', { max: 2000, defaultValue: '', visibility: 'PRIVATE' }),
    field('veteran', 'BOOLEAN', { defaultValue: false }),
    field('skills', 'TEXT_LIST', { defaultValue: [] }),
    field('weapons', 'RECORD_LIST', { defaultValue: [] }),
    field('health', 'INTEGER', { derived: true, help: 'Body × 3.' }),
  ],
};

const brannoc: Character = {
  id: 'k1',
  campaignId: 'c1',
  name: 'Brannoc',
  ownerUserId: 'u1',
  ownerDisplayName: 'Ann',
  npc: false,
  sheet: { body: 4, concept: 'Guard', notes: 'Owes money.', veteran: true, skills: ['Spear', 'Riding'], weapons: [{ name: 'Spear', damage: 'd6' }], health: 12 },
  version: 7,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
};

function renderForm(character?: Character, onSaved = vi.fn()) {
  render(<CharacterForm campaignId="c1" schema={schema} character={character} canMakeNpc onSaved={onSaved} onCancel={() => undefined} />);
  return onSaved;
}

describe('sheet form drawn from a schema', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearCookies();
  });

  it('renders one control per field type, with limits as input constraints', () => {
    renderForm();
    const body = screen.getByLabelText('Body') as HTMLInputElement;
    expect(body.type).toBe('number');
    expect(body.min).toBe('1');
    expect(body.max).toBe('6');
    expect(body.value).toBe('2');
    expect(screen.getByText(/Strength and toughness\. 1 to 6\./)).toBeTruthy();
    const concept = screen.getByLabelText('Concept') as HTMLInputElement;
    expect(concept.type).toBe('text');
    expect(concept.maxLength).toBe(80);
    expect((screen.getByLabelText('Notes') as HTMLElement).tagName).toBe('TEXTAREA');
    expect(screen.getByText(/Only you and the GMs see this/)).toBeTruthy();
    expect((screen.getByLabelText('Veteran') as HTMLInputElement).type).toBe('checkbox');
    expect((screen.getByLabelText('Skills') as HTMLElement).tagName).toBe('TEXTAREA');
    expect(screen.getByText(/One per line/)).toBeTruthy();
    const weapons = screen.getByLabelText('Weapons') as HTMLTextAreaElement;
    expect(weapons.tagName).toBe('TEXTAREA');
    expect(weapons.value).toBe('[]');
  });

  it('shows derived fields read-only with the stored value, and never sends them', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const { calls } = mockFetch({ 'PUT /api/campaigns/c1/characters/k1': json({ ...brannoc, version: 8 }) });
    const onSaved = renderForm(brannoc);
    const health = screen.getByLabelText('Health') as HTMLInputElement;
    expect(health.readOnly).toBe(true);
    expect(health.value).toBe('12');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls[0].body).toEqual({
      name: 'Brannoc',
      version: 7,
      sheet: { body: 4, concept: 'Guard', notes: 'Owes money.', veteran: true, skills: ['Spear', 'Riding'], weapons: [{ name: 'Spear', damage: 'd6' }] },
    });
  });

  it('says a derived field is worked out on save for a new character', () => {
    renderForm();
    expect((screen.getByLabelText('Health') as HTMLInputElement).value).toBe('Worked out when saved');
  });

  it('turns text lists into lines and back, and checkboxes into booleans', () => {
    const draft = draftFromSheet(schema, brannoc.sheet);
    expect(draft.skills).toBe('Spear\nRiding');
    expect(draft.veteran).toBe(true);
    expect(draft).not.toHaveProperty('health');
    const { sheet, errors } = sheetFromDraft(schema, { ...draft, skills: ' Spear \n\nRiding\nSwim ', body: '' });
    expect(errors).toEqual({});
    expect(sheet.skills).toEqual(['Spear', 'Riding', 'Swim']);
    expect(sheet).not.toHaveProperty('body');
  });

  it('checks a record list is a JSON list of objects, and says why not', () => {
    expect(recordListProblem('[{"name":"Axe"}]')).toBeNull();
    expect(recordListProblem('[{"name":')).toMatch(/not valid JSON/);
    expect(recordListProblem('{"name":"Axe"}')).toMatch(/square brackets/);
    expect(recordListProblem('[1]')).toMatch(/Item 1 is not a record/);
    expect(sheetFromDraft(schema, { ...draftFromSheet(schema), body: '2.5' }).errors.body).toBe('Enter a whole number.');
  });

  it('shows the record-list message next to the field and does not send the form', () => {
    const { calls } = mockFetch({});
    renderForm(brannoc);
    const weapons = screen.getByLabelText('Weapons');
    fireEvent.change(weapons, { target: { value: '[{"name": "Axe"' } });
    expect(weapons.getAttribute('aria-invalid')).toBe('true');
    const describedBy = weapons.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy.split(' ')[0])!.textContent).toMatch(/not valid JSON/);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('alert').textContent).toMatch(/Some fields need fixing/);
  });

  it('attaches the server’s validation messages to their fields', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch({
      'POST /api/campaigns/c1/characters': problem(400, 'VALIDATION_FAILED', 'The sheet is not valid.', [
        { field: 'sheet.body', message: 'Body must be between 1 and 6.' },
        { field: 'sheet.skills', message: 'At most 8 skills.' },
        { field: 'name', message: 'Name must not be blank.' },
      ]),
    });
    renderForm();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Zed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create character' }));
    await screen.findByText('Body must be between 1 and 6.');
    const body = screen.getByLabelText('Body');
    expect(body.getAttribute('aria-invalid')).toBe('true');
    expect(body.getAttribute('aria-describedby')).toContain('sheet-body-error');
    expect(document.getElementById('sheet-body-error')!.textContent).toBe('Body must be between 1 and 6.');
    expect(document.getElementById('sheet-skills-error')!.textContent).toBe('At most 8 skills.');
    expect(screen.getByText('Name must not be blank.')).toBeTruthy();
  });

  it('explains a stale version', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch({ 'PUT /api/campaigns/c1/characters/k1': problem(409, 'STALE_VERSION', 'Version 7 is stale.') });
    renderForm(brannoc);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Someone else changed this character; reload to see their changes.')).toBeTruthy();
  });

  it('keeps errors for unknown fields at the form level', () => {
    const split = splitCharacterErrors(
      new ApiError({ status: 400, code: 'VALIDATION_FAILED', title: 'Bad', detail: 'Not valid.', errors: [{ field: 'sheet.ghost', message: 'Unknown field ghost.' }] }),
      schema,
    );
    expect(split.fields).toEqual({});
    expect(split.form).toEqual(['Not valid.', 'Unknown field ghost.']);
  });
});
