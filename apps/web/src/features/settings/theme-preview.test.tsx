import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../i18n/I18nProvider.tsx';
import { ThemeProvider } from '../../app/ThemeProvider.tsx';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { SettingsPanel } from './SettingsPanel.tsx';
import { useSettingsStore } from './settings-store.ts';
import { restoreStubsAfterEach } from '../../test/render.tsx';

/** `ui` inside the theme and the translations, as the app shows it. */
const themed = (ui: ReactElement) => (
  <ThemeProvider>
    <I18nProvider>{ui}</I18nProvider>
  </ThemeProvider>
);
const renderPanel = () => render(themed(<SettingsPanel />));
/** The panel with Dark picked but not saved; saving it answers as the server does. */
async function pickDark() {
  mockFetch({ 'PUT /api/settings': jsonResponse({ success: true, config: {} }) });
  const user = userEvent.setup();
  const view = renderPanel();
  await user.click(screen.getByRole('radio', { name: 'Dark' }));
  return { user, rerender: view.rerender };
}
const shownTheme = () => document.documentElement.dataset.theme;

beforeEach(() => {
  localStorage.setItem('theme', 'light');
  useUiStore.setState({ language: 'en', theme: 'light', previewTheme: null, isSettingsOpen: true });
  useSettingsStore.getState().reset();
});
restoreStubsAfterEach();

describe('theme preview in the settings panel', () => {
  it('shows the picked theme at once, without choosing it; Reset goes back', async () => {
    const user = userEvent.setup();
    renderPanel();
    expect(shownTheme()).toBe('light');
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(shownTheme()).toBe('dark');
    expect(useUiStore.getState().theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    await user.click(screen.getByRole('button', { name: 'Reset Changes' }));
    expect(shownTheme()).toBe('light');
  });

  it('closing the panel without saving goes back to the saved theme', async () => {
    const { rerender } = await pickDark();
    expect(shownTheme()).toBe('dark');
    rerender(themed(<span />));
    expect(shownTheme()).toBe('light');
    expect(useUiStore.getState().previewTheme).toBeNull();
  });

  it('Save keeps the previewed theme as the chosen one', async () => {
    const { user } = await pickDark();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(useUiStore.getState().theme).toBe('dark');
    expect(useUiStore.getState().previewTheme).toBeNull();
    expect(shownTheme()).toBe('dark');
  });

  it('closing with × while a theme is picked but not saved asks first; Discard goes back', async () => {
    const { user } = await pickDark();
    await user.click(screen.getByRole('button', { name: 'Close settings' }));
    expect(useUiStore.getState().isSettingsOpen).toBe(true);
    const ask = screen.getByRole('alertdialog');
    expect(ask.textContent).toContain('Close without saving?');
    expect(shownTheme()).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(useUiStore.getState().isSettingsOpen).toBe(false);
    expect(useUiStore.getState().theme).toBe('light');
  });

  it('closing with × and choosing Save keeps the theme', async () => {
    const { user } = await pickDark();
    await user.click(screen.getByRole('button', { name: 'Close settings' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(useUiStore.getState().isSettingsOpen).toBe(false);
    expect(useUiStore.getState().theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('closes at once when nothing is unsaved', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Close settings' }));
    expect(useUiStore.getState().isSettingsOpen).toBe(false);
  });
});
