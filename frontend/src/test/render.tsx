import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { ReactElement } from 'react';
import { App } from '../App';
import type { Me } from '../api';
import type { SessionState } from '../views/session';

export const ANN: Me = { id: 'u-ann', username: 'ann', displayName: 'Ann Arbor' };

/** Shows where the router is, for asserting navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The whole client at a path, with a known session (no /api/me call). */
export function renderApp(path: string, session: SessionState = { status: 'ready', me: ANN }) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App session={session} />
      <Routes>
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

export function renderAt(path: string, element: ReactElement) {
  return render(<MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>);
}
