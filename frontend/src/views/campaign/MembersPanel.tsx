import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, listMembers, removeMember, ROLES, setMemberRole, type Campaign, type Me, type Member, type Role } from '../../api';
import { useLoad } from '../common/useLoad';
import { Badge, ConfirmDialog, ErrorNotice, LoadingBlock, RoleBadge, roleName } from '../common/ui';

/** Who is in the campaign; GMs change roles and remove members, anyone but the owner leaves. */
export function MembersPanel({ campaign, me }: { campaign: Campaign; me: Me }) {
  const members = useLoad(() => listMembers(campaign.id), [campaign.id]);
  const navigate = useNavigate();
  const [rowError, setRowError] = useState<Record<string, string>>({});
  const [busyRow, setBusyRow] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const isGM = campaign.myRole === 'GM';

  const changeRole = async (m: Member, role: Role) => {
    setBusyRow(m.userId);
    setRowError((e) => ({ ...e, [m.userId]: '' }));
    try {
      const updated = await setMemberRole(campaign.id, m.userId, role);
      members.set((list) => list.map((x) => (x.userId === updated.userId ? updated : x)));
    } catch (e) {
      setRowError((errs) => ({ ...errs, [m.userId]: errorMessage(e) }));
    } finally {
      setBusyRow(null);
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    setRemoveBusy(true);
    setRemoveError(null);
    try {
      await removeMember(campaign.id, removing.userId);
      if (removing.userId === me.id) {
        navigate('/', { replace: true });
        return;
      }
      members.set((list) => list.filter((x) => x.userId !== removing.userId));
      setRemoving(null);
    } catch (e) {
      setRemoveError(errorMessage(e));
    } finally {
      setRemoveBusy(false);
    }
  };

  if (members.status === 'error') return <ErrorNotice error={members.error} title="The members could not be loaded" onRetry={members.reload} />;
  if (!members.data) return <LoadingBlock label="Loading the members" />;

  const sorted = [...members.data].sort((a, b) => Number(b.owner) - Number(a.owner) || ROLES.indexOf(a.role) - ROLES.indexOf(b.role) || a.displayName.localeCompare(b.displayName));

  return (
    <div className="stack">
      <div className="section-head">
        <div>
          <h2>Members</h2>
          <p className="muted">{isGM ? 'GMs run the table, players play their characters, spectators watch.' : 'Everyone at this campaign’s table.'}</p>
        </div>
      </div>
      <div className="card card--flush">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((m) => {
              const self = m.userId === me.id;
              const roleReason = m.owner ? 'The owner’s role cannot change' : undefined;
              const removeReason = m.owner ? (self ? 'The owner cannot leave; delete the campaign instead' : 'The owner cannot be removed') : undefined;
              return (
                <tr key={m.userId}>
                  <td>
                    <span className="member-name">
                      <span className="avatar avatar--small" aria-hidden="true">
                        {m.displayName.slice(0, 1).toUpperCase()}
                      </span>
                      {m.displayName}
                      {self && <span className="muted"> (you)</span>}
                      {m.owner && <Badge tone="gold">Owner</Badge>}
                    </span>
                  </td>
                  <td>
                    {isGM ? (
                      <>
                        <label className="visually-hidden" htmlFor={`role-${m.userId}`}>
                          Role of {m.displayName}
                        </label>
                        <select
                          id={`role-${m.userId}`}
                          value={m.role}
                          disabled={!!roleReason || busyRow === m.userId}
                          title={roleReason}
                          onChange={(e) => changeRole(m, e.target.value as Role)}
                          aria-describedby={rowError[m.userId] ? `role-${m.userId}-error` : undefined}
                        >
                          {ROLES.map((r) => (
                            <option key={r} value={r}>
                              {roleName(r)}
                            </option>
                          ))}
                        </select>
                        {rowError[m.userId] && (
                          <p className="field__error" id={`role-${m.userId}-error`} role="alert">
                            {rowError[m.userId]}
                          </p>
                        )}
                      </>
                    ) : (
                      <RoleBadge role={m.role} />
                    )}
                  </td>
                  <td className="data-table__actions">
                    {(isGM || self) && (
                      <button
                        type="button"
                        className="btn btn--danger-quiet btn--small"
                        disabled={!!removeReason}
                        title={removeReason}
                        onClick={() => {
                          setRemoveError(null);
                          setRemoving(m);
                        }}
                      >
                        {self ? 'Leave' : 'Remove'}
                        {!self && <span className="visually-hidden"> {m.displayName}</span>}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {removing && (
        <ConfirmDialog
          title={removing.userId === me.id ? `Leave ${campaign.name}?` : `Remove ${removing.displayName}?`}
          confirmLabel={removing.userId === me.id ? 'Leave the campaign' : 'Remove member'}
          danger
          busy={removeBusy}
          error={removeError}
          onConfirm={confirmRemove}
          onCancel={() => setRemoving(null)}
        >
          <p>
            {removing.userId === me.id
              ? 'You will no longer see this campaign or its table. A GM can invite you again.'
              : `${removing.displayName} will no longer see this campaign or its table. You can invite them again.`}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
