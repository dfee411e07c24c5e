import { createContext, useCallback, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { initialTableState, type TableState } from '../../state/store';
import type { ErrorMessage, MemberTableView, ReplyMessage, RollMode } from '../../state/types';
import type { ConnectionStatus } from '../../transport/connection';
import { TableSession } from '../../transport/session';

export type SessionFactory = (tableId: string) => TableSession;

export const defaultSessionFactory: SessionFactory = (tableId) => new TableSession({ tableId });

const noop = () => () => {};
const connecting: ConnectionStatus = { state: 'connecting' };
const noErrors: readonly ErrorMessage[] = [];

/** Opens the table's session for as long as the component is mounted. */
export function useTableSession(tableId: string, factory: SessionFactory = defaultSessionFactory) {
  const [session, setSession] = useState<TableSession | null>(null);
  useEffect(() => {
    const s = factory(tableId);
    setSession(s);
    s.start();
    return () => {
      void s.stop();
    };
  }, [tableId, factory]);

  const state: TableState = useSyncExternalStore(session?.store.subscribe ?? noop, session?.store.getState ?? (() => initialTableState));
  const status: ConnectionStatus = useSyncExternalStore(
    session?.connection.subscribeStatus ?? noop,
    session?.connection.getStatus ?? (() => connecting),
  );
  const errors = useSyncExternalStore(session?.subscribeErrors ?? noop, session?.getErrors ?? (() => noErrors));
  return { session, state, status, errors };
}

export interface TableContextValue {
  session: TableSession;
  view: MemberTableView;
}

export const TableContext = createContext<TableContextValue | null>(null);

export function useTable(): TableContextValue {
  const value = useContext(TableContext);
  if (!value) throw new Error('useTable outside the table');
  return value;
}

/** The state of one control's commands: busy while unanswered, the refusal next to the control. */
export function useCommand() {
  const { session } = useTable();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: string | null; message: string } | null>(null);
  const send = useCallback(
    async (type: string, args: Record<string, unknown> = {}, rollMode?: RollMode): Promise<ReplyMessage | null> => {
      setBusy(true);
      setError(null);
      try {
        const reply = await session.sendCommand(type, args, rollMode);
        if (!reply.accepted) setError({ code: reply.code, message: reply.message ?? reply.code ?? 'The server refused this.' });
        return reply;
      } catch (e) {
        setError({ code: null, message: e instanceof Error ? e.message : String(e) });
        return null;
      } finally {
        setBusy(false);
      }
    },
    [session],
  );
  const clear = useCallback(() => setError(null), []);
  return { send, busy, error, clear };
}

/** A combatant's name by id, or the id itself when the view does not list it. */
export function combatantName(view: MemberTableView, id: string | null | undefined): string {
  if (!id) return '';
  return view.table.combatants.find((c) => c.id === id)?.name ?? id;
}
