// Draws a character sheet form from a ruleset's sheet schema. The form only shapes input
// (numbers, lines, JSON); every rule is checked by the server, whose messages come back per field.
import { ApiError, type Sheet, type SheetField, type SheetSchema } from '../../api';

/** What an input holds: text for most fields, a checkbox state for BOOLEAN. */
export type DraftValue = string | boolean;
export type SheetDraft = Record<string, DraftValue>;

/** The key of a sheet field in the server's `errors[].field`. */
export function sheetErrorField(key: string): string {
  return `sheet.${key}`;
}

function initialValue(field: SheetField, sheet: Sheet | undefined): unknown {
  if (sheet && field.key in sheet) return sheet[field.key];
  return field.defaultValue;
}

/** The form's starting values: the character's sheet, else the schema's defaults, else empty. */
export function draftFromSheet(schema: SheetSchema, sheet?: Sheet): SheetDraft {
  const draft: SheetDraft = {};
  for (const field of schema.fields) {
    if (field.derived) continue;
    const value = initialValue(field, sheet);
    switch (field.type) {
      case 'BOOLEAN':
        draft[field.key] = value === true;
        break;
      case 'INTEGER':
        draft[field.key] = typeof value === 'number' ? String(value) : '';
        break;
      case 'TEXT':
      case 'LONG_TEXT':
        draft[field.key] = typeof value === 'string' ? value : value == null ? '' : String(value);
        break;
      case 'TEXT_LIST':
        draft[field.key] = Array.isArray(value) ? value.map(String).join('\n') : '';
        break;
      case 'RECORD_LIST':
        draft[field.key] = Array.isArray(value) ? (value.length ? JSON.stringify(value, null, 2) : '[]') : '[]';
        break;
    }
  }
  return draft;
}

export interface SheetParse {
  sheet: Sheet;
  /** Messages by field key, for input that cannot be sent as it is. */
  errors: Record<string, string>;
}

/**
 * The sheet to send. Derived fields are left out (the server computes them); an empty number
 * is left out so the server applies the default or says the field is required.
 */
export function sheetFromDraft(schema: SheetSchema, draft: SheetDraft): SheetParse {
  const sheet: Sheet = {};
  const errors: Record<string, string> = {};
  for (const field of schema.fields) {
    if (field.derived) continue;
    const value = draft[field.key];
    switch (field.type) {
      case 'BOOLEAN':
        sheet[field.key] = value === true;
        break;
      case 'INTEGER': {
        const text = String(value ?? '').trim();
        if (text === '') break;
        if (!/^[-+]?\d+$/.test(text)) {
          errors[field.key] = 'Enter a whole number.';
          break;
        }
        sheet[field.key] = Number(text);
        break;
      }
      case 'TEXT':
      case 'LONG_TEXT':
        sheet[field.key] = String(value ?? '');
        break;
      case 'TEXT_LIST':
        sheet[field.key] = String(value ?? '')
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '');
        break;
      case 'RECORD_LIST': {
        const text = String(value ?? '').trim();
        if (text === '') {
          sheet[field.key] = [];
          break;
        }
        const message = recordListProblem(text);
        if (message) errors[field.key] = message;
        else sheet[field.key] = JSON.parse(text) as unknown[];
        break;
      }
    }
  }
  return { sheet, errors };
}

/** Why a RECORD_LIST text is not a JSON list of records, or null when it is. */
export function recordListProblem(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    const detail = e instanceof Error ? e.message.replace(/^JSON\.parse: /, '') : '';
    return `This is not valid JSON${detail ? ` (${detail})` : ''}. Write a list like [{"name": "Sword"}].`;
  }
  if (!Array.isArray(parsed)) return 'Write a list in square brackets, like [{"name": "Sword"}].';
  const bad = parsed.findIndex((item) => item === null || typeof item !== 'object' || Array.isArray(item));
  if (bad >= 0) return `Item ${bad + 1} is not a record: each item must be an object in braces, like {"name": "Sword"}.`;
  return null;
}

export interface SplitErrors {
  /** Messages by sheet field key. */
  fields: Record<string, string>;
  /** The character's name. */
  name?: string;
  /** Whatever belongs to no field of this form. */
  form: string[];
}

/** Attaches a server rejection to the fields of the character form. */
export function splitCharacterErrors(error: unknown, schema: SheetSchema): SplitErrors {
  const out: SplitErrors = { fields: {}, form: [] };
  if (!(error instanceof ApiError)) {
    if (error) out.form.push(error instanceof Error ? error.message : String(error));
    return out;
  }
  if (error.code === 'STALE_VERSION') {
    out.form.push('Someone else changed this character; reload to see their changes.');
    return out;
  }
  const keys = new Set(schema.fields.map((f) => f.key));
  for (const { field, message } of error.errors) {
    if (field === 'name') out.name ??= message;
    else if (field.startsWith('sheet.') && keys.has(field.slice('sheet.'.length))) {
      const key = field.slice('sheet.'.length);
      out.fields[key] ??= message;
    } else out.form.push(message);
  }
  if (error.errors.length === 0 || out.form.length > 0) out.form.unshift(error.detail);
  return out;
}

/** Hint text for a field: its help, then its limits. */
export function fieldHint(field: SheetField): string {
  const parts: string[] = [];
  if (field.help) parts.push(field.help);
  if (field.type === 'INTEGER') {
    if (field.min != null && field.max != null) parts.push(`${field.min} to ${field.max}.`);
    else if (field.min != null) parts.push(`At least ${field.min}.`);
    else if (field.max != null) parts.push(`At most ${field.max}.`);
  } else if ((field.type === 'TEXT' || field.type === 'LONG_TEXT') && field.max != null) {
    parts.push(`Up to ${field.max} characters.`);
  } else if (field.type === 'TEXT_LIST') {
    parts.push('One per line.');
  } else if (field.type === 'RECORD_LIST') {
    parts.push('A JSON list of records.');
  }
  if (field.visibility === 'PRIVATE') parts.push('Only you and the GMs see this.');
  return parts.join(' ');
}

/** A derived or stored value, written for reading. */
export function displayValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== 'object' || v === null)) return value.length ? value.join(', ') : '—';
    return value
      .map((v) => (v && typeof v === 'object' ? Object.values(v as Record<string, unknown>).join(' · ') : String(v)))
      .join('; ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
