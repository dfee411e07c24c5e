import { useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { errorMessage } from '../api';
import { useSession } from './session';

export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect x="6" y="6" width="52" height="52" rx="12" fill="currentColor" />
      <circle cx="22" cy="22" r="6" fill="var(--felt-900)" />
      <circle cx="42" cy="42" r="6" fill="var(--felt-900)" />
    </svg>
  );
}

/** The page frame: the bar with the brand and the signed-in user, then the page. */
export function AppShell() {
  const { me, signOut } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSignOut = async () => {
    setBusy(true);
    setError(null);
    try {
      await signOut();
      navigate('/signin', { replace: true });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/" className="brand">
          <Logo />
          <span className="brand__name">Astragal</span>
        </Link>
        {me && (
          <nav className="topbar__nav" aria-label="Main">
            <Link to="/" className="topbar__link">
              Campaigns
            </Link>
          </nav>
        )}
        <div className="topbar__user">
          {me ? (
            <>
              <span className="topbar__me" title={`Signed in as ${me.username}`}>
                <span className="avatar" aria-hidden="true">
                  {me.displayName.slice(0, 1).toUpperCase()}
                </span>
                <span className="topbar__name">{me.displayName}</span>
              </span>
              <button type="button" className="btn btn--ghost btn--small" onClick={onSignOut} disabled={busy}>
                {busy ? 'Signing out…' : 'Sign out'}
              </button>
              {error && (
                <span className="topbar__error" role="alert">
                  {error}
                </span>
              )}
            </>
          ) : null}
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

export function NotFoundPage() {
  return (
    <div className="page page--narrow">
      <section className="card">
        <h1>Nothing here</h1>
        <p>This page does not exist. It may have moved, or the link was mistyped.</p>
        <Link to="/" className="btn btn--primary">
          Go to your campaigns
        </Link>
      </section>
    </div>
  );
}
