import { useState } from 'react';
import { deleteCharacter, getCharacter, listCharacters, type Campaign, type Character, type Me, type SheetSchema } from '../../api';
import { useLoad } from '../common/useLoad';
import { Badge, ConfirmDialog, EmptyState, ErrorNotice, LoadingBlock, formatDate } from '../common/ui';
import { errorMessage } from '../../api';
import { CharacterForm } from '../sheet/CharacterForm';
import { displayValue } from '../sheet/sheetForm';

type Editing = { mode: 'new'; npc: boolean } | { mode: 'edit'; character: Character } | null;

interface Props {
  campaign: Campaign;
  me: Me;
  schema?: SheetSchema;
  rulesetsFailed?: unknown;
  onRetryRulesets: () => void;
}

/** The campaign's characters and NPCs; GMs edit all, players their own. */
export function CharactersPanel({ campaign, me, schema, rulesetsFailed, onRetryRulesets }: Props) {
  const characters = useLoad(() => listCharacters(campaign.id), [campaign.id]);
  const [editing, setEditing] = useState<Editing>(null);
  const [editorKey, setEditorKey] = useState(0);
  const [deleting, setDeleting] = useState<Character | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const isGM = campaign.myRole === 'GM';
  const isSpectator = campaign.myRole === 'SPECTATOR';
  const canEdit = (c: Character) => isGM || c.ownerUserId === me.id;
  const noSchema = !schema ? 'The ruleset’s sheet is still loading' : undefined;
  const createReason = isSpectator ? 'Spectators watch; they do not make characters' : campaign.archived ? 'The campaign is archived' : noSchema;

  const saved = (c: Character) => {
    characters.set((list) => (list.some((x) => x.id === c.id) ? list.map((x) => (x.id === c.id ? c : x)) : [...list, c]));
    setNotice(editing?.mode === 'edit' ? `Saved ${c.name}.` : `Created ${c.name}.`);
    setEditing(null);
  };

  const reloadEditing = async () => {
    if (editing?.mode !== 'edit') return;
    try {
      const fresh = await getCharacter(campaign.id, editing.character.id);
      characters.set((list) => list.map((x) => (x.id === fresh.id ? fresh : x)));
      setEditing({ mode: 'edit', character: fresh });
      setEditorKey((k) => k + 1);
      setNotice(`Reloaded ${fresh.name} with the latest changes.`);
    } catch (e) {
      setNotice(errorMessage(e));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(null);
    try {
      await deleteCharacter(campaign.id, deleting.id);
      characters.set((list) => list.filter((x) => x.id !== deleting.id));
      setNotice(`Deleted ${deleting.name}.`);
      setDeleting(null);
    } catch (e) {
      setDeleteError(errorMessage(e));
    } finally {
      setDeleteBusy(false);
    }
  };

  if (rulesetsFailed) return <ErrorNotice error={rulesetsFailed} title="The ruleset’s sheet could not be loaded" onRetry={onRetryRulesets} />;

  if (editing && schema) {
    const title = editing.mode === 'edit' ? `Edit ${editing.character.name}` : editing.npc ? 'New NPC' : 'New character';
    return (
      <section className="card" aria-labelledby="editor-title">
        <div className="section-head">
          <h2 id="editor-title">{title}</h2>
          {editing.mode === 'edit' && (
            <span className="muted">
              Version {editing.character.version} · updated {formatDate(editing.character.updatedAt)}
            </span>
          )}
        </div>
        <CharacterForm
          key={editorKey}
          campaignId={campaign.id}
          schema={schema}
          character={editing.mode === 'edit' ? editing.character : undefined}
          canMakeNpc={isGM}
          npc={editing.mode === 'new' ? editing.npc : undefined}
          onSaved={saved}
          onCancel={() => setEditing(null)}
          onReload={reloadEditing}
        />
      </section>
    );
  }

  const list = characters.data ?? [];
  const pcs = list.filter((c) => !c.npc);
  const npcs = list.filter((c) => c.npc);
  const mine = pcs.filter((c) => c.ownerUserId === me.id);

  return (
    <div className="stack">
      <div className="section-head">
        <div>
          <h2>{isGM ? 'Characters and NPCs' : 'Characters'}</h2>
          <p className="muted">
            {isGM
              ? 'You see every sheet in full. Players see the public fields of other characters.'
              : mine.length
                ? 'Your characters are yours to edit. Others show only what their sheets make public.'
                : 'Make a character to bring to the table.'}
          </p>
        </div>
        <div className="section-head__actions">
          <button type="button" className="btn btn--primary" disabled={!!createReason} title={createReason} onClick={() => setEditing({ mode: 'new', npc: false })}>
            New character
          </button>
          {isGM && (
            <button type="button" className="btn btn--ghost" disabled={!!createReason} title={createReason} onClick={() => setEditing({ mode: 'new', npc: true })}>
              New NPC
            </button>
          )}
        </div>
      </div>
      {notice && (
        <p className="notice notice--ok" role="status">
          {notice}
        </p>
      )}
      {characters.status === 'error' && <ErrorNotice error={characters.error} title="The characters could not be loaded" onRetry={characters.reload} />}
      {characters.status === 'loading' && !characters.data && <LoadingBlock label="Loading the characters" />}
      {characters.status === 'ready' && list.length === 0 && (
        <EmptyState title="No characters yet">{isSpectator ? 'Players and GMs make characters here.' : 'Start with “New character”.'}</EmptyState>
      )}
      {pcs.length > 0 && (
        <CharacterGroup
          title="Player characters"
          characters={pcs}
          schema={schema}
          me={me}
          canEdit={canEdit}
          onEdit={(c) => {
            setNotice(null);
            setEditing({ mode: 'edit', character: c });
          }}
          onDelete={(c) => {
            setDeleteError(null);
            setDeleting(c);
          }}
        />
      )}
      {npcs.length > 0 && (
        <CharacterGroup
          title="Non-player characters"
          characters={npcs}
          schema={schema}
          me={me}
          canEdit={canEdit}
          onEdit={(c) => setEditing({ mode: 'edit', character: c })}
          onDelete={(c) => {
            setDeleteError(null);
            setDeleting(c);
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete character"
          danger
          busy={deleteBusy}
          error={deleteError}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        >
          <p>The character and their sheet are removed from the campaign. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function CharacterGroup({
  title,
  characters,
  schema,
  me,
  canEdit,
  onEdit,
  onDelete,
}: {
  title: string;
  characters: Character[];
  schema?: SheetSchema;
  me: Me;
  canEdit: (c: Character) => boolean;
  onEdit: (c: Character) => void;
  onDelete: (c: Character) => void;
}) {
  return (
    <section aria-label={title}>
      <h3 className="group-title">{title}</h3>
      <ul className="character-grid">
        {characters.map((c) => {
          const editable = canEdit(c);
          const reason = editable ? (!schema ? 'The ruleset’s sheet is still loading' : undefined) : 'Only its owner and the GMs may change this character';
          const fields = (schema?.fields ?? []).filter((f) => c.sheet[f.key] !== undefined && c.sheet[f.key] !== '');
          const tagline = fields.find((f) => f.type === 'TEXT');
          const shown = fields.filter((f) => f.type === 'INTEGER' || f.type === 'BOOLEAN').slice(0, 6);
          return (
            <li key={c.id} className="card character-card">
              <header className="character-card__head">
                <h4 className="character-card__name">{c.name}</h4>
                {c.npc ? <Badge tone="red">NPC</Badge> : c.ownerUserId === me.id ? <Badge tone="gold">Yours</Badge> : null}
              </header>
              <p className="muted character-card__owner">{c.npc ? 'Run by the GMs' : `Played by ${c.ownerDisplayName}`}</p>
              {tagline && <p className="character-card__tagline">{displayValue(c.sheet[tagline.key])}</p>}
              {shown.length > 0 ? (
                <dl className="stat-list">
                  {shown.map((f) => (
                    <div key={f.key}>
                      <dt>{f.label}</dt>
                      <dd>{displayValue(c.sheet[f.key])}</dd>
                    </div>
                  ))}
                </dl>
              ) : tagline ? null : (
                <p className="muted character-card__hidden">{editable ? 'The sheet is empty.' : 'Its sheet is private.'}</p>
              )}
              <div className="character-card__actions">
                <button type="button" className="btn btn--ghost-dark btn--small" disabled={!!reason} title={reason} onClick={() => onEdit(c)}>
                  Edit<span className="visually-hidden"> {c.name}</span>
                </button>
                <button
                  type="button"
                  className="btn btn--danger-quiet btn--small"
                  disabled={!editable}
                  title={editable ? undefined : 'Only its owner and the GMs may delete this character'}
                  onClick={() => onDelete(c)}
                >
                  Delete<span className="visually-hidden"> {c.name}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
