import { useEffect, useId, useRef, type ReactNode } from 'react';
import { errorMessage, isApiError } from '../../api';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span className="spinner" role="status" aria-live="polite">
      <span className="spinner__die" aria-hidden="true" />
      <span className="spinner__label">{label}…</span>
    </span>
  );
}

export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="loading-block">
      <Spinner label={label} />
    </div>
  );
}

/** A server or client error, said plainly, with a retry when one makes sense. */
export function ErrorNotice({ error, title, onRetry }: { error: unknown; title?: string; onRetry?: () => void }) {
  const network = isApiError(error) && error.code === 'NETWORK';
  return (
    <div className="notice notice--error" role="alert">
      <div>
        <p className="notice__title">{title ?? (network ? 'The server is out of reach' : 'That did not work')}</p>
        <p className="notice__text">{errorMessage(error)}</p>
      </div>
      {onRetry && (
        <button type="button" className="btn btn--ghost btn--small" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** An error message for a form as a whole, or nothing. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <span className="empty__mark" aria-hidden="true">◇</span>
      <p className="empty__title">{title}</p>
      {children && <div className="empty__text">{children}</div>}
    </div>
  );
}

export function Badge({ tone = 'neutral', children }: { tone?: 'neutral' | 'gold' | 'green' | 'red' | 'blue'; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}

const ROLE_NAMES = { GM: 'Game master', PLAYER: 'Player', SPECTATOR: 'Spectator' } as const;

export function roleName(role: keyof typeof ROLE_NAMES): string {
  return ROLE_NAMES[role] ?? role;
}

export function RoleBadge({ role }: { role: keyof typeof ROLE_NAMES }) {
  const tone = role === 'GM' ? 'gold' : role === 'PLAYER' ? 'green' : 'blue';
  return <Badge tone={tone}>{roleName(role)}</Badge>;
}

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Renders the control with the ids it must carry. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  className?: string;
  id?: string;
}

/** A labelled control with its hint below and the error that belongs to it. */
export function Field({ label, hint, error, children, className, id }: FieldProps) {
  const auto = useId();
  const controlId = id ?? `f${auto}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={controlId}>
        {label}
      </label>
      {children({ id: controlId, describedBy, invalid: !!error })}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** A confirmation in a modal: focus moves into it, Escape cancels, Tab stays inside. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  danger,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    cancel.current?.focus();
    return () => previous?.focus?.();
  }, []);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCancel();
    } else if (e.key === 'Tab' && box.current) {
      const focusable = box.current.querySelectorAll<HTMLElement>('button:not([disabled]), input, select, textarea');
      if (focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onCancel()}>
      <div className="modal card" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={box} onKeyDown={onKeyDown}>
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <div className="modal__body">{children}</div>
        <FormError message={error} />
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={onCancel} ref={cancel}>
            Cancel
          </button>
          <button type="button" className={`btn ${danger ? 'btn--danger' : 'btn--primary'}`} onClick={onConfirm} disabled={busy}>
            {busy ? 'Working…' : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString(undefined, { dateStyle: 'medium' });
}
