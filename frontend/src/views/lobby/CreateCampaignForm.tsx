import { useState, type FormEvent } from 'react';
import { ApiError, createCampaign, errorMessage, type Campaign, type Ruleset } from '../../api';
import { ErrorNotice, Field, FormError, LoadingBlock } from '../common/ui';
import { initiativeModelName } from './rulesetText';

interface Props {
  rulesets: { status: 'loading' | 'ready' | 'error'; data?: Ruleset[]; error?: unknown; reload: () => void };
  onCreated: (campaign: Campaign) => void;
}

/** Name, description and one of the rulesets; the creator becomes the owner GM. */
export function CreateCampaignForm({ rulesets, onCreated }: Props) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [rulesetId, setRulesetId] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const reason = !name.trim() ? 'Give the campaign a name' : !rulesetId ? 'Pick a ruleset' : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason) return;
    setBusy(true);
    setFieldErrors({});
    setFormError(null);
    try {
      onCreated(await createCampaign({ name: name.trim(), description: description.trim(), rulesetId }));
    } catch (err) {
      if (err instanceof ApiError && err.errors.length > 0) {
        const messages = err.fieldMessages();
        setFieldErrors(messages);
        const stray = Object.entries(messages).filter(([k]) => !['name', 'description', 'rulesetId'].includes(k));
        setFormError(stray.length ? stray.map(([, m]) => m).join(' ') : null);
      } else setFormError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Create a campaign">
      <Field label="Name" hint={`1–80 characters.${name.length > 60 ? ` ${80 - name.length} left.` : ''}`} error={fieldErrors.name}>
        {({ id, describedBy, invalid }) => (
          <input id={id} name="name" required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} aria-describedby={describedBy} aria-invalid={invalid} />
        )}
      </Field>
      <Field label="Description" hint="Optional, up to 2000 characters. Members see it on the campaign page." error={fieldErrors.description}>
        {({ id, describedBy, invalid }) => (
          <textarea id={id} name="description" rows={3} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} aria-describedby={describedBy} aria-invalid={invalid} />
        )}
      </Field>
      <fieldset className="rulesets" aria-describedby={fieldErrors.rulesetId ? 'ruleset-error' : undefined}>
        <legend className="field__label">Ruleset</legend>
        {rulesets.status === 'loading' && <LoadingBlock label="Loading the rulesets" />}
        {rulesets.status === 'error' && <ErrorNotice error={rulesets.error} title="The rulesets could not be loaded" onRetry={rulesets.reload} />}
        {rulesets.data?.map((r) => (
          <label key={r.id} className={`ruleset-option${rulesetId === r.id ? ' ruleset-option--on' : ''}`}>
            <input type="radio" name="rulesetId" value={r.id} checked={rulesetId === r.id} onChange={() => setRulesetId(r.id)} />
            <span className="ruleset-option__text">
              <span className="ruleset-option__name">{r.name}</span>
              <span className="ruleset-option__summary">{r.summary}</span>
              <span className="ruleset-option__meta">Initiative: {initiativeModelName(r.initiativeModel)}</span>
            </span>
          </label>
        ))}
        {fieldErrors.rulesetId && (
          <p className="field__error" id="ruleset-error">
            {fieldErrors.rulesetId}
          </p>
        )}
      </fieldset>
      <FormError message={formError} />
      <button type="submit" className="btn btn--primary btn--block" disabled={busy || !!reason} title={reason}>
        {busy ? 'Creating…' : 'Create campaign'}
      </button>
    </form>
  );
}
