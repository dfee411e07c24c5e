import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, deleteCampaign, errorMessage, exportCampaign, removeMember, updateCampaign, type Campaign, type Me } from '../../api';
import { ConfirmDialog, Field, FormError, formatDate } from '../common/ui';

/** A file name for an export: the campaign name made safe, and the day. */
export function exportFileName(name: string, now: Date = new Date()): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'campaign';
  return `${slug}-${now.toISOString().slice(0, 10)}.astragal.json`;
}

/** The campaign's details and the actions on it as a whole. */
export function SettingsPanel({ campaign, me, onChanged }: { campaign: Campaign; me: Me; onChanged: (c: Campaign) => void }) {
  const isGM = campaign.myRole === 'GM';
  return (
    <div className="settings">
      {isGM ? <DetailsForm campaign={campaign} onChanged={onChanged} /> : <About campaign={campaign} />}
      <div className="stack">
        {isGM && <ArchiveAndExport campaign={campaign} onChanged={onChanged} />}
        <DangerZone campaign={campaign} me={me} />
      </div>
    </div>
  );
}

function About({ campaign }: { campaign: Campaign }) {
  return (
    <section className="card" aria-labelledby="about-title">
      <h2 id="about-title">About this campaign</h2>
      <p className="prose">{campaign.description || 'The GM has not written a description.'}</p>
      <p className="muted">
        Run by {campaign.ownerDisplayName} · started {formatDate(campaign.createdAt)}
      </p>
    </section>
  );
}

function DetailsForm({ campaign, onChanged }: { campaign: Campaign; onChanged: (c: Campaign) => void }) {
  const [name, setName] = useState(campaign.name);
  const [description, setDescription] = useState(campaign.description);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const unchanged = name === campaign.name && description === campaign.description;
  const reason = !name.trim() ? 'Give the campaign a name' : unchanged ? 'Nothing has changed' : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason) return;
    setBusy(true);
    setErrors({});
    setFormError(null);
    setSaved(false);
    try {
      onChanged(await updateCampaign(campaign.id, { name: name.trim(), description }));
      setSaved(true);
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) setErrors(err.fieldMessages());
      else setFormError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="details-title">
      <h2 id="details-title">Details</h2>
      <form className="form" onSubmit={submit} noValidate>
        <Field label="Name" hint="1–80 characters." error={errors.name}>
          {({ id, describedBy, invalid }) => (
            <input id={id} maxLength={80} required value={name} onChange={(e) => setName(e.target.value)} aria-describedby={describedBy} aria-invalid={invalid} />
          )}
        </Field>
        <Field label="Description" hint="Up to 2000 characters." error={errors.description}>
          {({ id, describedBy, invalid }) => (
            <textarea id={id} rows={5} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} aria-describedby={describedBy} aria-invalid={invalid} />
          )}
        </Field>
        <FormError message={formError} />
        {saved && unchanged && (
          <p className="notice notice--ok" role="status">
            Saved.
          </p>
        )}
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy || !!reason} title={reason}>
            {busy ? 'Saving…' : 'Save details'}
          </button>
        </div>
      </form>
    </section>
  );
}

function ArchiveAndExport({ campaign, onChanged }: { campaign: Campaign; onChanged: (c: Campaign) => void }) {
  const [archiveBusy, setArchiveBusy] = useState(false);
  const [archiveError, setArchiveError] = useState<string | null>(null);
  const [exportBusy, setExportBusy] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const toggleArchive = async () => {
    setArchiveBusy(true);
    setArchiveError(null);
    try {
      onChanged(await updateCampaign(campaign.id, { archived: !campaign.archived }));
    } catch (e) {
      setArchiveError(errorMessage(e));
    } finally {
      setArchiveBusy(false);
    }
  };

  const download = async () => {
    setExportBusy(true);
    setExportError(null);
    try {
      const doc = await exportCampaign(campaign.id);
      const blob = new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = exportFileName(campaign.name);
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      setExportError(errorMessage(e));
    } finally {
      setExportBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="keep-title">
      <h2 id="keep-title">Keep and share</h2>
      <div className="action-row">
        <div>
          <p className="action-row__title">Export</p>
          <p className="muted">A JSON file with the campaign, its characters and the table’s whole history. Import it from the lobby to make a copy.</p>
          <FormError message={exportError} />
        </div>
        <button type="button" className="btn btn--ghost-dark" onClick={download} disabled={exportBusy}>
          {exportBusy ? 'Preparing…' : 'Download export'}
        </button>
      </div>
      <div className="action-row">
        <div>
          <p className="action-row__title">{campaign.archived ? 'Archived' : 'Archive'}</p>
          <p className="muted">
            {campaign.archived ? 'The campaign rests in the lobby’s archive. Unarchive it to bring it back.' : 'Move the campaign to the lobby’s archive. Nothing is lost.'}
          </p>
          <FormError message={archiveError} />
        </div>
        <button type="button" className="btn btn--ghost-dark" onClick={toggleArchive} disabled={archiveBusy}>
          {archiveBusy ? 'Saving…' : campaign.archived ? 'Unarchive' : 'Archive'}
        </button>
      </div>
    </section>
  );
}

function DangerZone({ campaign, me }: { campaign: Campaign; me: Me }) {
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<'delete' | 'leave' | null>(null);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const act = async () => {
    if (confirm === 'delete' && typed !== campaign.name) {
      setError('Type the campaign’s name exactly to confirm.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (confirm === 'delete') await deleteCampaign(campaign.id);
      else await removeMember(campaign.id, me.id);
      navigate('/', { replace: true });
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <section className="card card--danger" aria-labelledby="danger-title">
      <h2 id="danger-title">{campaign.owner ? 'Delete' : 'Leave'}</h2>
      {campaign.owner ? (
        <div className="action-row">
          <p className="muted">Deleting removes the campaign, its characters and its table’s history for everyone. Export first to keep a copy.</p>
          <button type="button" className="btn btn--danger" onClick={() => { setTyped(''); setError(null); setConfirm('delete'); }}>
            Delete campaign
          </button>
        </div>
      ) : (
        <div className="action-row">
          <p className="muted">Leave the campaign. Your characters stay with it; a GM can invite you again.</p>
          <button type="button" className="btn btn--danger" onClick={() => { setError(null); setConfirm('leave'); }}>
            Leave campaign
          </button>
        </div>
      )}
      {confirm && (
        <ConfirmDialog
          title={confirm === 'delete' ? `Delete ${campaign.name}?` : `Leave ${campaign.name}?`}
          confirmLabel={confirm === 'delete' ? 'Delete for everyone' : 'Leave'}
          danger
          busy={busy}
          error={error}
          onConfirm={act}
          onCancel={() => setConfirm(null)}
        >
          {confirm === 'delete' ? (
            <>
              <p>This cannot be undone. Every member loses the campaign and its history.</p>
              <Field label={`Type “${campaign.name}” to confirm`}>
                {({ id }) => <input id={id} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />}
              </Field>
            </>
          ) : (
            <p>You will no longer see this campaign or its table.</p>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}
