import { Route, Routes } from 'react-router';
import { AppShell, NotFoundPage } from './views/AppShell';
import { SignInPage, SignUpPage } from './views/auth/AuthPages';
import { JoinPage } from './views/join/JoinPage';
import { LobbyPage } from './views/lobby/LobbyPage';
import { CampaignPage } from './views/campaign/CampaignPage';
import { TableScreen } from './views/table/TableScreen';
import { RequireSignIn, SessionProvider, type SessionState } from './views/session';

/** The client routes; the server answers each of these paths with index.html. */
export const CLIENT_ROUTES = ['/', '/signin', '/signup', '/join/:code', '/campaigns/:id', '/campaigns/:id/table'] as const;

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/campaigns/:id/table"
        element={
          <RequireSignIn>
            <TableScreen />
          </RequireSignIn>
        }
      />
      <Route element={<AppShell />}>
        <Route
          path="/"
          element={
            <RequireSignIn>
              <LobbyPage />
            </RequireSignIn>
          }
        />
        <Route path="/signin" element={<SignInPage />} />
        <Route path="/signup" element={<SignUpPage />} />
        <Route path="/join/:code" element={<JoinPage />} />
        <Route
          path="/campaigns/:id"
          element={
            <RequireSignIn>
              <CampaignPage />
            </RequireSignIn>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/** The whole client, inside a router (BrowserRouter in main.tsx, MemoryRouter in tests). */
export function App({ session }: { session?: SessionState }) {
  return (
    <SessionProvider initial={session}>
      <AppRoutes />
    </SessionProvider>
  );
}
