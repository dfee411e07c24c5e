import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { getCampaign, isApiError, type Campaign } from '../../api';
import type { ErrorMessage } from '../../state/types';
import { oldestSeq } from '../../state/store';
import { ActionsBar } from './Actions';
import { CombatantsPanel } from './Combatants';
import { ConnectionIndicator } from './ConnectionIndicator';
import { DiceRoller } from './DiceRoller';
import { InitiativeArea } from './Initiative';
import { LogStream } from './LogStream';
import { SheetPanel } from './SheetPanel';
import { TableContext, defaultSessionFactory, useTableSession, type SessionFactory } from './useTable';
import './table.css';

const ROLE_NAMES: Record<string, string> = { GM: 'Game master', PLAYER: 'Player', SPECTATOR: 'Spectator' };

/** Codes on /user/queue/errors that mean this table cannot be opened by this user. */
const FATAL_CODES = new Set(['NOT_A_MEMBER', 'NO_SUCH_TABLE']);

function useCampaign(id: string, load: (id: string) => Promise<Campaign>) {
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [denied, setDenied] = useState(false);
  useEffect(() => {
    let live = true;
    setCampaign(null);
    setDenied(false);
    load(id).then(
      (c) => live && setCampaign(c),
      (e: unknown) => {
        // 403/404: not a member (or no such campaign). Other failures leave the header plain.
        if (live && isApiError(e) && (e.status === 403 || e.status === 404)) setDenied(true);
      },
    );
    return () => {
      live = false;
    };
  }, [id, load]);
  return { campaign, denied };
}

export interface TableScreenProps {
  /** For tests: how the live session is made. */
  sessionFactory?: SessionFactory;
  /** For tests: how the campaign's name is fetched. */
  loadCampaign?: (id: string) => Promise<Campaign>;
}

/** The live table of one campaign, at `/campaigns/:id/table`. */
export function TableScreen({ sessionFactory = defaultSessionFactory, loadCampaign = getCampaign }: TableScreenProps) {
  const { id = '' } = useParams();
  const { session, state, status, errors } = useTableSession(id, sessionFactory);
  const { campaign, denied } = useCampaign(id, loadCampaign);
  const fatal: ErrorMessage | undefined = errors.find((e) => FATAL_CODES.has(String(e.code)));
  const refused = state.view === null ? errors.find((e) => e.code === 'CONNECTION_REFUSED') : undefined;
  const notMember = state.view === null && (denied || fatal !== undefined);

  useEffect(() => {
    if (notMember && session) void session.stop();
  }, [notMember, session]);

  // Errors about frames the server could not read, shown once the table is open.
  const lastError = state.view !== null ? errors.filter((e) => e.code !== 'CONNECTION_REFUSED').at(-1) : undefined;
  const [dismissed, setDismissed] = useState<ErrorMessage[]>([]);

  const context = useMemo(() => (session && state.view ? { session, view: state.view } : null), [session, state.view]);
  const view = state.view;
  const title = campaign?.name ?? 'The table';

  return (
    <div className="table-screen tt">
      <header className="table-screen__bar tt-bar">
        {notMember ? (
          <Link to="/" className="table-screen__back tt-back">
            <span aria-hidden="true">←</span> Campaigns
          </Link>
        ) : (
          <Link to={`/campaigns/${encodeURIComponent(id)}`} className="table-screen__back tt-back">
            <span aria-hidden="true">←</span> Back to the campaign
          </Link>
        )}
        <div className="table-screen__title tt-title">
          <h1>{title}</h1>
          {view && <span className="tt-ruleset">{view.rulesetName}</span>}
          {view && <span className="tt-role">{ROLE_NAMES[view.me.role] ?? view.me.role}</span>}
        </div>
        {!notMember && <ConnectionIndicator status={status} />}
      </header>
      <main id="main" className="table-screen__body tt-body" tabIndex={-1}>
        {notMember ? (
          <div className="tt-state" role="alert">
            <h2>You cannot open this table</h2>
            <p>{fatal?.message ?? 'You are not a member of this campaign.'}</p>
            <p className="tt-muted">To play at this table, ask its game master for an invite link.</p>
            <Link to="/" className="tt-btn">
              Back to your campaigns
            </Link>
          </div>
        ) : !context ? (
          <div className="tt-state" aria-busy="true">
            <span className="tt-spinner" aria-hidden="true" />
            <p>Opening the table…</p>
            {refused && (
              <p className="tt-error" role="alert">
                {refused.message}
              </p>
            )}
          </div>
        ) : (
          <TableContext.Provider value={context}>
            {lastError && !dismissed.includes(lastError) && (
              <div className="tt-server-error" role="alert">
                <span>{lastError.message}</span>
                <button type="button" className="tt-btn tt-btn--ghost" onClick={() => setDismissed((d) => [...d, lastError])}>
                  Dismiss
                </button>
              </div>
            )}
            {state.status === 'needsResync' && (
              <p className="tt-resync" role="status">
                Catching up with the table…
              </p>
            )}
            <div className="tt-layout">
              <div className="tt-col tt-col--left">
                <CombatantsPanel />
                <SheetPanel />
              </div>
              <div className="tt-col tt-col--center">
                <InitiativeArea />
                <ActionsBar />
                <DiceRoller />
              </div>
              <div className="tt-col tt-col--right">
                <LogStream
                  log={state.log}
                  undone={state.undone}
                  canLoadEarlier={oldestSeq(state) !== null}
                  loadingEarlier={state.historyLoading}
                  onLoadEarlier={() => session?.loadEarlier()}
                />
              </div>
            </div>
          </TableContext.Provider>
        )}
      </main>
    </div>
  );
}
