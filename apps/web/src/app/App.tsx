/** The one page: the login screen when signed out, otherwise the main screen. */
import { useEffect } from 'react';
import { setUnauthorizedHandler } from '../api/http.ts';
import { MainScreen } from '../features/layout/MainScreen.tsx';
import { LoginScreen } from '../features/session/LoginScreen.tsx';
import { useSessionStore } from '../features/session/session-store.ts';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { ThemeProvider } from './ThemeProvider.tsx';
import { useSessionData } from './useSessionData.ts';

/** A signed-in session: its loads and live connection run as long as the main screen shows. */
function SignedIn() {
  useSessionData();
  return <MainScreen />;
}

export function App() {
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  useEffect(() => {
    setUnauthorizedHandler(() => useSessionStore.getState().expire());
    return () => setUnauthorizedHandler(null);
  }, []);
  return (
    <I18nProvider>
      <ThemeProvider>{isAuthenticated ? <SignedIn /> : <LoginScreen />}</ThemeProvider>
    </I18nProvider>
  );
}
