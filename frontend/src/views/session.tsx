import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getMe, signOut as apiSignOut, type Me } from '../api';
import { ErrorNotice, LoadingBlock } from './common/ui';

export type SessionState =
  | { status: 'loading' }
  | { status: 'ready'; me: Me | null }
  | { status: 'error'; error: unknown };

interface SessionValue {
  state: SessionState;
  /** The signed-in user, or null (signed out, or not known yet). */
  me: Me | null;
  setMe: (me: Me | null) => void;
  signOut: () => Promise<void>;
  retry: () => void;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children, initial }: { children: ReactNode; initial?: SessionState }) {
  const [state, setState] = useState<SessionState>(initial ?? { status: 'loading' });
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (initial && tick === 0) return;
    let live = true;
    setState({ status: 'loading' });
    getMe().then(
      (me) => live && setState({ status: 'ready', me }),
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
    // `initial` is for tests and never changes.
  }, [tick]);

  const setMe = useCallback((me: Me | null) => setState({ status: 'ready', me }), []);
  const signOut = useCallback(async () => {
    await apiSignOut();
    setState({ status: 'ready', me: null });
  }, []);
  const retry = useCallback(() => setTick((t) => t + 1), []);
  const value = useMemo<SessionValue>(
    () => ({ state, me: state.status === 'ready' ? state.me : null, setMe, signOut, retry }),
    [state, setMe, signOut, retry],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** Where to go after signing in: the `next` query parameter when it is a path of this site. */
export function safeNext(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/** Shows its children to a signed-in user; sends anyone else to sign in and back. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { state, retry } = useSession();
  const location = useLocation();
  if (state.status === 'loading') return <LoadingBlock label="Checking your session" />;
  if (state.status === 'error') {
    return (
      <div className="page page--narrow">
        <ErrorNotice error={state.error} title="Astragal cannot reach its server" onRetry={retry} />
      </div>
    );
  }
  if (!state.me) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/signin?next=${encodeURIComponent(next)}`} replace />;
  }
  return <>{children}</>;
}
