import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { acceptInvite, ApiError, errorMessage, getInvite, type InviteInfo, type Me } from '../../api';
import { useSession } from '../session';
import { useLoad } from '../common/useLoad';
import { ErrorNotice, LoadingBlock, RoleBadge, roleName } from '../common/ui';
import { rulesetName, useRulesetsQuietly } from '../common/useRulesets';
import { SignInForm, SignUpForm } from '../auth/AuthForms';

const REASONS: Record<string, string> = {
  expired: 'This invite link has expired.',
  revoked: 'This invite link was revoked by a GM of the campaign.',
  'used up': 'This invite link has been used as many times as it allows.',
};

/** Why an invite cannot be used, as a sentence. */
export function invalidReason(info: Pick<InviteInfo, 'reason'>): string {
  return (info.reason && REASONS[info.reason]) ?? `This invite link cannot be used${info.reason ? ` (${info.reason})` : ''}.`;
}

/** `/join/:code`: what the invite is for, and a way in (signing in or up on the way). */
export function JoinPage() {
  const { code = '' } = useParams();
  const invite = useLoad(() => getInvite(code), [code]);

  return (
    <div className="page page--auth">
      <section className="card join-card" aria-labelledby="join-title" aria-busy={invite.status === 'loading'}>
        <p className="eyebrow">Invitation</p>
        {invite.status === 'loading' && <LoadingBlock label="Reading the invite" />}
        {invite.status === 'error' && <InviteError error={invite.error} onRetry={invite.reload} />}
        {invite.status === 'ready' &&
          (invite.data.valid ? <ValidInvite code={code} info={invite.data} /> : <InvalidInvite info={invite.data} />)}
      </section>
    </div>
  );
}

function InviteError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && (error.code === 'INVITE_INVALID' || error.status === 404)) {
    return (
      <>
        <h1 id="join-title">This invite link does not work</h1>
        <p className="lead">
          No campaign has an invite with this code. Check that the whole link was copied, or ask your GM for a new one.
        </p>
        <Link to="/" className="btn btn--ghost-dark">
          Go to your campaigns
        </Link>
      </>
    );
  }
  return (
    <>
      <h1 id="join-title">Invitation</h1>
      <ErrorNotice error={error} title="The invite could not be read" onRetry={onRetry} />
    </>
  );
}

function InvalidInvite({ info }: { info: InviteInfo }) {
  return (
    <>
      <h1 id="join-title">{info.campaignName}</h1>
      <div className="notice notice--warn" role="status">
        <p className="notice__title">{invalidReason(info)}</p>
        <p className="notice__text">Ask a GM of the campaign for a new invite link.</p>
      </div>
      <Link to="/" className="btn btn--ghost-dark">
        Go to your campaigns
      </Link>
    </>
  );
}

function ValidInvite({ code, info }: { code: string; info: InviteInfo }) {
  const { state, me, setMe } = useSession();
  const navigate = useNavigate();
  const rulesets = useRulesetsQuietly(!!me);
  const [mode, setMode] = useState<'signin' | 'signup'>('signup');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      const accepted = await acceptInvite(code);
      navigate(`/campaigns/${encodeURIComponent(accepted.campaignId)}`, { replace: true });
    } catch (e) {
      setError(e instanceof ApiError && e.status === 410 ? `${errorMessage(e)} Ask a GM for a new link.` : errorMessage(e));
      setBusy(false);
    }
  };

  const signedIn = (who: Me) => {
    setMe(who);
    void accept();
  };

  return (
    <>
      <h1 id="join-title">{info.campaignName}</h1>
      <dl className="facts">
        <div>
          <dt>Ruleset</dt>
          <dd>{rulesetName(rulesets, info.rulesetId)}</dd>
        </div>
        <div>
          <dt>You join as</dt>
          <dd>
            <RoleBadge role={info.role} />
          </dd>
        </div>
      </dl>
      {state.status === 'loading' && <LoadingBlock label="Checking your session" />}
      {state.status === 'error' && <ErrorNotice error={state.error} />}
      {me && (
        <div className="join-card__accept">
          <p>
            You are signed in as <strong>{me.displayName}</strong>.
          </p>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="button" className="btn btn--primary btn--block" onClick={accept} disabled={busy}>
            {busy ? 'Joining…' : `Join as ${roleName(info.role).toLowerCase()}`}
          </button>
        </div>
      )}
      {state.status === 'ready' && !me && (
        <div className="join-card__auth">
          <p>Sign in or create an account to join. You will go straight to the campaign.</p>
          <div className="segmented" role="group" aria-label="Account">
            <button type="button" aria-pressed={mode === 'signup'} onClick={() => setMode('signup')}>
              I am new here
            </button>
            <button type="button" aria-pressed={mode === 'signin'} onClick={() => setMode('signin')}>
              I have an account
            </button>
          </div>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          {busy && <LoadingBlock label="Joining the campaign" />}
          {!busy && (mode === 'signin' ? <SignInForm onSignedIn={signedIn} /> : <SignUpForm onSignedUp={signedIn} />)}
        </div>
      )}
    </>
  );
}
