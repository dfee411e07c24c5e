import { useState, type FormEvent } from 'react';
import { ApiError, createInvite, errorMessage, inviteUrl, listInvites, revokeInvite, ROLES, type Campaign, type Invite, type Role } from '../../api';
import { useLoad } from '../common/useLoad';
import { Badge, EmptyState, ErrorNotice, Field, FormError, LoadingBlock, RoleBadge, formatDate, roleName } from '../common/ui';

const EXPIRY = [
  { id: 'never', label: 'Never', ms: 0 },
  { id: '1h', label: 'In 1 hour', ms: 3_600_000 },
  { id: '1d', label: 'In 1 day', ms: 86_400_000 },
  { id: '7d', label: 'In 7 days', ms: 7 * 86_400_000 },
  { id: '30d', label: 'In 30 days', ms: 30 * 86_400_000 },
] as const;

export type InviteStatus = 'active' | 'expired' | 'revoked' | 'used up';

/** How an invite stands now, as the list shows it (the server decides when it is used). */
export function inviteStatus(invite: Invite, now: number = Date.now()): InviteStatus {
  if (invite.revoked) return 'revoked';
  if (invite.expiresAt && new Date(invite.expiresAt).getTime() <= now) return 'expired';
  if (invite.maxUses != null && invite.uses >= invite.maxUses) return 'used up';
  return 'active';
}

/** GMs: invite links, with role, expiry and uses; copy and revoke. */
export function InvitesPanel({ campaign }: { campaign: Campaign }) {
  const invites = useLoad(() => listInvites(campaign.id), [campaign.id]);
  const [role, setRole] = useState<Role>('PLAYER');
  const [expiry, setExpiry] = useState<(typeof EXPIRY)[number]['id']>('7d');
  const [maxUses, setMaxUses] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const [rowError, setRowError] = useState<Record<string, string>>({});

  const usesProblem = maxUses.trim() !== '' && !/^[1-9]\d*$/.test(maxUses.trim()) ? 'Enter a whole number of 1 or more, or leave it empty.' : undefined;

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (usesProblem) return;
    setBusy(true);
    setFieldErrors({});
    setFormError(null);
    const ms = EXPIRY.find((x) => x.id === expiry)!.ms;
    try {
      const invite = await createInvite(campaign.id, {
        role,
        ...(ms ? { expiresAt: new Date(Date.now() + ms).toISOString() } : {}),
        ...(maxUses.trim() ? { maxUses: Number(maxUses) } : {}),
      });
      invites.set((list) => [invite, ...list]);
      await copy(invite);
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) setFieldErrors(err.fieldMessages());
      else setFormError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const copy = async (invite: Invite) => {
    const url = inviteUrl(invite.code);
    try {
      await navigator.clipboard.writeText(url);
      setCopied(invite.code);
      setRowError((r) => ({ ...r, [invite.code]: '' }));
    } catch {
      const input = document.getElementById(`invite-${invite.code}`) as HTMLInputElement | null;
      input?.focus();
      input?.select();
      setRowError((r) => ({ ...r, [invite.code]: 'Copying is blocked here; the link is selected, press Ctrl+C (⌘C) to copy it.' }));
    }
  };

  const revoke = async (invite: Invite) => {
    setRowError((r) => ({ ...r, [invite.code]: '' }));
    try {
      await revokeInvite(campaign.id, invite.code);
      invites.set((list) => list.map((x) => (x.code === invite.code ? { ...x, revoked: true } : x)));
    } catch (e) {
      setRowError((r) => ({ ...r, [invite.code]: errorMessage(e) }));
    }
  };

  return (
    <div className="invites">
      <section className="card" aria-labelledby="new-invite-title">
        <h2 id="new-invite-title">New invite link</h2>
        <form className="form invite-form" onSubmit={create} noValidate>
          <Field label="Joins as" error={fieldErrors.role}>
            {({ id, describedBy }) => (
              <select id={id} value={role} onChange={(e) => setRole(e.target.value as Role)} aria-describedby={describedBy}>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {roleName(r)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Expires" error={fieldErrors.expiresAt}>
            {({ id, describedBy }) => (
              <select id={id} value={expiry} onChange={(e) => setExpiry(e.target.value as typeof expiry)} aria-describedby={describedBy}>
                {EXPIRY.map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Most uses" hint="Empty: any number of people." error={usesProblem ?? fieldErrors.maxUses}>
            {({ id, describedBy, invalid }) => (
              <input id={id} type="number" min={1} step={1} inputMode="numeric" value={maxUses} onChange={(e) => setMaxUses(e.target.value)} aria-describedby={describedBy} aria-invalid={invalid} />
            )}
          </Field>
          <FormError message={formError} />
          <button type="submit" className="btn btn--primary" disabled={busy || !!usesProblem} title={usesProblem ? 'Fix the number of uses first' : undefined}>
            {busy ? 'Creating…' : 'Create and copy link'}
          </button>
        </form>
      </section>

      <section aria-labelledby="invites-title" className="stack">
        <h2 id="invites-title">Invite links</h2>
        {invites.status === 'error' && <ErrorNotice error={invites.error} title="The invites could not be loaded" onRetry={invites.reload} />}
        {invites.status === 'loading' && !invites.data && <LoadingBlock label="Loading the invites" />}
        {invites.status === 'ready' && invites.data.length === 0 && <EmptyState title="No invite links yet">Create one and send it to your players.</EmptyState>}
        {invites.data && invites.data.length > 0 && (
          <ul className="invite-list">
            {invites.data.map((inv) => {
              const status = inviteStatus(inv);
              const live = status === 'active';
              return (
                <li key={inv.code} className={`card invite invite--${status.replace(' ', '-')}`}>
                  <div className="invite__head">
                    <RoleBadge role={inv.role} />
                    <Badge tone={live ? 'green' : status === 'revoked' ? 'red' : 'neutral'}>{status === 'active' ? 'Active' : status === 'expired' ? 'Expired' : status === 'revoked' ? 'Revoked' : 'Used up'}</Badge>
                    <span className="muted invite__uses">
                      {inv.uses} {inv.maxUses != null ? `of ${inv.maxUses}` : ''} {inv.uses === 1 && inv.maxUses == null ? 'use' : 'uses'}
                    </span>
                  </div>
                  <label className="visually-hidden" htmlFor={`invite-${inv.code}`}>
                    Invite link
                  </label>
                  <input id={`invite-${inv.code}`} className="invite__url mono" readOnly value={inviteUrl(inv.code)} onFocus={(e) => e.currentTarget.select()} />
                  <p className="muted invite__dates">
                    Created {formatDate(inv.createdAt)} · {inv.expiresAt ? `${status === 'expired' ? 'expired' : 'expires'} ${formatDate(inv.expiresAt)}` : 'never expires'}
                  </p>
                  {rowError[inv.code] && (
                    <p className="field__error" role="alert">
                      {rowError[inv.code]}
                    </p>
                  )}
                  <div className="invite__actions">
                    <button type="button" className="btn btn--ghost-dark btn--small" onClick={() => copy(inv)} disabled={!live} title={live ? undefined : 'This link no longer works'}>
                      {copied === inv.code ? 'Copied ✓' : 'Copy link'}
                    </button>
                    <button type="button" className="btn btn--danger-quiet btn--small" onClick={() => revoke(inv)} disabled={inv.revoked} title={inv.revoked ? 'Already revoked' : undefined}>
                      Revoke
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
