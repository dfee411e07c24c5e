import { useState, type FormEvent } from 'react';
import { ApiError, createCharacter, updateCharacter, type Character, type SheetSchema } from '../../api';
import { Field } from '../common/ui';
import { SheetFields } from './SheetFields';
import { draftFromSheet, sheetFromDraft, splitCharacterErrors, type SplitErrors } from './sheetForm';

interface Props {
  campaignId: string;
  schema: SheetSchema;
  /** The character to edit; absent to create one. */
  character?: Character;
  /** Whether the "NPC" choice is offered (GMs creating). */
  canMakeNpc?: boolean;
  /** The NPC choice to start with when creating. */
  npc?: boolean;
  onSaved: (character: Character) => void;
  onCancel: () => void;
  /** Reload the character after a conflict. */
  onReload?: () => void;
}

const NO_ERRORS: SplitErrors = { fields: {}, form: [] };

/** Creates or edits a character: its name, and a sheet form drawn from the ruleset's schema. */
export function CharacterForm({ campaignId, schema, character, canMakeNpc, npc: npcStart, onSaved, onCancel, onReload }: Props) {
  const [name, setName] = useState(character?.name ?? '');
  const [npc, setNpc] = useState(character?.npc ?? npcStart ?? false);
  const [draft, setDraft] = useState(() => draftFromSheet(schema, character?.sheet));
  const [errors, setErrors] = useState<SplitErrors>(NO_ERRORS);
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = sheetFromDraft(schema, draft);
    if (Object.keys(parsed.errors).length > 0) {
      setErrors({ fields: parsed.errors, form: ['Some fields need fixing before saving.'] });
      return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    setStale(false);
    try {
      const saved = character
        ? await updateCharacter(campaignId, character.id, { name: name.trim(), sheet: parsed.sheet, version: character.version })
        : await createCharacter(campaignId, { name: name.trim(), npc, sheet: parsed.sheet });
      onSaved(saved);
    } catch (err) {
      setErrors(splitCharacterErrors(err, schema));
      setStale(err instanceof ApiError && err.code === 'STALE_VERSION');
    } finally {
      setBusy(false);
    }
  };

  const nameMissing = name.trim() === '';
  const kind = npc ? 'NPC' : 'character';

  return (
    <form className="form character-form" onSubmit={submit} noValidate aria-label={character ? `Edit ${character.name}` : `New ${kind}`}>
      <div className="character-form__head">
        <Field label="Name" hint="1–64 characters." error={errors.name} className="character-form__name">
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              name="name"
              required
              maxLength={64}
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </Field>
        {!character && canMakeNpc && (
          <label className="check character-form__npc">
            <input type="checkbox" checked={npc} onChange={(e) => setNpc(e.target.checked)} />
            <span>Non-player character (NPC), run by the GMs</span>
          </label>
        )}
      </div>
      <SheetFields
        schema={schema}
        draft={draft}
        stored={character?.sheet}
        errors={errors.fields}
        disabled={busy}
        onChange={(key, value) => setDraft((d) => ({ ...d, [key]: value }))}
      />
      {errors.form.length > 0 && (
        <div className="form-error" role="alert">
          {errors.form.map((m, i) => (
            <p key={i}>{m}</p>
          ))}
          {stale && onReload && (
            <button type="button" className="btn btn--small btn--ghost-dark" onClick={onReload}>
              Reload the character
            </button>
          )}
        </div>
      )}
      <div className="form__actions">
        <button type="button" className="btn btn--ghost-dark" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy || nameMissing} title={nameMissing ? 'Give the character a name' : undefined}>
          {busy ? 'Saving…' : character ? 'Save changes' : `Create ${kind}`}
        </button>
      </div>
    </form>
  );
}
