import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { safeNext, useSession } from '../session';
import { SignInForm, SignUpForm } from './AuthForms';
import { LoadingBlock } from '../common/ui';
import type { Me } from '../../api';

function AuthFrame({ title, lead, children, footer }: { title: string; lead: string; children: React.ReactNode; footer: React.ReactNode }) {
  return (
    <div className="page page--auth">
      <section className="card auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-card__title">
          {title}
        </h1>
        <p className="auth-card__lead">{lead}</p>
        {children}
        <p className="auth-card__footer">{footer}</p>
      </section>
    </div>
  );
}

function useAfterAuth() {
  const { setMe } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const next = safeNext(location.search);
  return {
    next,
    done: (me: Me) => {
      setMe(me);
      navigate(next, { replace: true });
    },
  };
}

export function SignInPage() {
  const { state } = useSession();
  const location = useLocation();
  const { next, done } = useAfterAuth();
  if (state.status === 'loading') return <LoadingBlock label="Checking your session" />;
  if (state.status === 'ready' && state.me) return <Navigate to={next} replace />;
  return (
    <AuthFrame
      title="Welcome back"
      lead="Sign in to reach your campaigns and tables."
      footer={
        <>
          New to Astragal? <Link to={{ pathname: '/signup', search: location.search }}>Create an account</Link>
        </>
      }
    >
      <SignInForm onSignedIn={done} autoFocus />
    </AuthFrame>
  );
}

export function SignUpPage() {
  const { state } = useSession();
  const location = useLocation();
  const { next, done } = useAfterAuth();
  if (state.status === 'loading') return <LoadingBlock label="Checking your session" />;
  if (state.status === 'ready' && state.me) return <Navigate to={next} replace />;
  return (
    <AuthFrame
      title="Create your account"
      lead="One account for every campaign you run or play in."
      footer={
        <>
          Already have an account? <Link to={{ pathname: '/signin', search: location.search }}>Sign in</Link>
        </>
      }
    >
      <SignUpForm onSignedUp={done} autoFocus />
    </AuthFrame>
  );
}
