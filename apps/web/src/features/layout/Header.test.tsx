import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n/I18nProvider.tsx';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { useLiveStore } from '../live/live-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { useSessionStore } from '../session/session-store.ts';
import { Header } from './Header.tsx';
import { useUiStore } from './ui-store.ts';
import { renderTranslated } from '../../test/render.tsx';

function renderHeader() {
  return renderTranslated(<Header />);
}

beforeEach(() => {
  useUiStore.setState({ language: 'en', isSettingsOpen: false, isUtilityCardMinimized: false });
  useLiveStore.setState({ state: 'connected', error: null, latencyMs: null, retry: null });
  localStorage.setItem('token', 'tok');
  useSessionStore.setState({
    token: 'tok',
    isAuthenticated: true,
    user: { email: 'ada@example.com', name: 'Ada Lovelace' },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const menuButton = () => screen.getByRole('button', { name: 'Ada Lovelace' });

describe('Header', () => {
  it('shows a quiet connection indicator that follows the live state', () => {
    const { rerender } = renderHeader();
    expect(screen.getByRole('status').textContent).toBe('Live');
    expect(screen.getByRole('status').title).toBe('Live connection: Live');
    useLiveStore.setState({ latencyMs: 42 });
    rerender(
      <I18nProvider>
        <Header />
      </I18nProvider>,
    );
    expect(screen.getByRole('status').title).toBe('Live connection: Live, 42 ms round trip');
    useLiveStore.setState({ state: 'reconnecting', error: 'Connection timeout' });
    rerender(
      <I18nProvider>
        <Header />
      </I18nProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Connecting…');
    // The connection error text is only logged, never shown.
    expect(screen.queryByText(/Connection timeout/)).toBeNull();
  });

  it('offers a retry once the reconnect schedule has given up', async () => {
    const retry = vi.fn();
    useLiveStore.setState({ state: 'disconnected', error: 'down', retry });
    renderHeader();
    expect(screen.getByRole('status').textContent).toBe('Offline');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('the menu holds the language switch, Settings and Log out; Escape closes it', async () => {
    const user = userEvent.setup();
    renderHeader();
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    await user.click(menuButton());
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('group', { name: 'Language' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Settings' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeDefined();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
    expect(document.activeElement).toBe(menuButton());
  });

  it('switches the language from the menu', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(menuButton());
    await user.click(screen.getByRole('button', { name: 'עברית' }));
    expect(useUiStore.getState().language).toBe('he');
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('button', { name: 'התנתק' })).toBeDefined();
  });

  it('opens the settings panel (showing a minimised tools panel) and closes the menu', async () => {
    useUiStore.setState({ isUtilityCardMinimized: true });
    const user = userEvent.setup();
    renderHeader();
    await user.click(menuButton());
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(useUiStore.getState()).toMatchObject({
      isSettingsOpen: true,
      isUtilityCardMinimized: false,
    });
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('opening the settings from the All Maps page (grid mode) switches to tabs mode, where the tools panel is', async () => {
    useMapsStore.setState({ viewMode: 'grid' });
    const user = userEvent.setup();
    renderHeader();
    await user.click(menuButton());
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(useMapsStore.getState().viewMode).toBe('tabs');
    expect(useUiStore.getState().isSettingsOpen).toBe(true);
  });

  it('logs out', async () => {
    mockFetch({ 'POST /api/user/signout': jsonResponse({ success: true }) });
    const user = userEvent.setup();
    renderHeader();
    await user.click(menuButton());
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await vi.waitFor(() => expect(useSessionStore.getState().isAuthenticated).toBe(false));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
