import { useId, useRef, useState, type ChangeEvent } from 'react';
import { errorMessage, importCampaign, type Campaign } from '../../api';

/** Upload an exported campaign file; the server makes a new campaign of it, owned by me. */
export function ImportCampaign({ onImported }: { onImported: (campaign: Campaign) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      setError(`${file.name} is not a JSON file. Choose a file made by “Export” on a campaign page.`);
      return;
    }
    if (!document || typeof document !== 'object' || (document as { format?: unknown }).format !== 'astragal-campaign') {
      setError(`${file.name} is not an Astragal campaign export.`);
      return;
    }
    setBusy(true);
    try {
      onImported(await importCampaign(document));
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <div className="import">
      <input ref={input} type="file" accept="application/json,.json" className="visually-hidden" tabIndex={-1} onChange={onFile} aria-hidden="true" />
      <button type="button" className="btn btn--ghost-dark btn--block" onClick={() => input.current?.click()} disabled={busy} aria-describedby={hintId}>
        {busy ? 'Importing…' : 'Import a campaign file'}
      </button>
      <p className="field__hint" id={hintId}>
        A JSON file from “Export”. It becomes a new campaign that you own, with its characters and history.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
