import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage, signIn, signUp, type Me } from '../../api';
import { Field, FormError } from '../common/ui';

export const LIMITS = {
  username: { min: 3, max: 32, pattern: '[A-Za-z0-9_.\\-]+' },
  displayName: { min: 1, max: 64 },
  password: { min: 10, max: 128 },
} as const;

interface Errors {
  form?: string;
  fields: Record<string, string>;
}

/** Splits a server error into messages next to fields and one for the form. */
function errorsFrom(e: unknown, fields: string[]): Errors {
  if (!(e instanceof ApiError)) return { form: errorMessage(e), fields: {} };
  if (e.code === 'USERNAME_TAKEN') return { fields: { username: e.detail || 'That username is taken.' } };
  if (e.code === 'TOO_MANY_ATTEMPTS') {
    const wait = e.retryAfterSeconds ? ` Try again in ${e.retryAfterSeconds} seconds.` : '';
    return { form: `${e.detail}${wait}`, fields: {} };
  }
  const byField = e.fieldMessages();
  const known = Object.fromEntries(Object.entries(byField).filter(([k]) => fields.includes(k)));
  const stray = Object.entries(byField).filter(([k]) => !fields.includes(k)).map(([, m]) => m);
  const form = Object.keys(known).length > 0 && stray.length === 0 ? undefined : [e.detail, ...stray].filter(Boolean).join(' ');
  return { form, fields: known };
}

export function SignInForm({ onSignedIn, autoFocus }: { onSignedIn: (me: Me) => void; autoFocus?: boolean }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({ fields: {} });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({ fields: {} });
    try {
      onSignedIn(await signIn({ username: username.trim(), password }));
    } catch (err) {
      setErrors(errorsFrom(err, ['username', 'password']));
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Sign in">
      <Field label="Username" error={errors.fields.username}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            name="username"
            autoComplete="username"
            autoFocus={autoFocus}
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <Field label="Password" error={errors.fields.password}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <FormError message={errors.form} />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={busy || !username.trim() || !password}
        title={!username.trim() || !password ? 'Enter your username and password' : undefined}
      >
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

export function SignUpForm({ onSignedUp, autoFocus }: { onSignedUp: (me: Me) => void; autoFocus?: boolean }) {
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({ fields: {} });

  const usernameOk =
    username.length >= LIMITS.username.min &&
    username.length <= LIMITS.username.max &&
    new RegExp(`^${LIMITS.username.pattern}$`).test(username);
  const displayOk = displayName.trim().length >= LIMITS.displayName.min && displayName.length <= LIMITS.displayName.max;
  const passwordOk = password.length >= LIMITS.password.min && password.length <= LIMITS.password.max;
  const reason = !usernameOk
    ? 'Choose a username of 3–32 letters, digits, dots, dashes or underscores'
    : !displayOk
      ? 'Enter a display name'
      : !passwordOk
        ? 'Choose a password of 10–128 characters'
        : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason) return;
    setBusy(true);
    setErrors({ fields: {} });
    try {
      onSignedUp(await signUp({ username, displayName: displayName.trim(), password }));
    } catch (err) {
      setErrors(errorsFrom(err, ['username', 'displayName', 'password']));
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Create an account">
      <Field label="Username" hint="3–32 characters: letters, digits, dot, dash or underscore. You sign in with it." error={errors.fields.username}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            name="username"
            autoComplete="username"
            autoFocus={autoFocus}
            required
            minLength={LIMITS.username.min}
            maxLength={LIMITS.username.max}
            pattern={LIMITS.username.pattern}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <Field label="Display name" hint="Up to 64 characters. What the others at the table see." error={errors.fields.displayName}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            name="displayName"
            autoComplete="nickname"
            required
            maxLength={LIMITS.displayName.max}
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <Field
        label="Password"
        hint={`10–128 characters${password ? ` (${password.length} so far)` : ''}. A short sentence works well.`}
        error={errors.fields.password}
      >
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={LIMITS.password.min}
            maxLength={LIMITS.password.max}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <FormError message={errors.form} />
      <button type="submit" className="btn btn--primary btn--block" disabled={busy || !!reason} title={reason}>
        {busy ? 'Creating your account…' : 'Create account'}
      </button>
    </form>
  );
}
