import { useCallback, useEffect, useRef, useState } from 'react';

export type Load<T> =
  | { status: 'loading'; data?: T; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: T; error: unknown };

/**
 * Loads data for a screen and reloads it on demand. `deps` restart the load; answers of a
 * superseded load are dropped.
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Load<T> & {
  reload: () => void;
  set: (update: (current: T) => T) => void;
} {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const [tick, setTick] = useState(0);
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const mine = ++generation.current;
    setState((s) => ({ status: 'loading', data: s.data }));
    loadRef.current().then(
      (data) => {
        if (generation.current === mine) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (generation.current === mine) setState({ status: 'error', error });
      },
    );
  }, [...deps, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  const set = useCallback((update: (current: T) => T) => {
    setState((s) => (s.status === 'ready' ? { status: 'ready', data: update(s.data) } : s));
  }, []);
  return { ...state, reload, set };
}
