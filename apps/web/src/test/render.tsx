/** Rendering and clean-up shared by the component tests. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import { I18nProvider } from '../i18n/I18nProvider.tsx';

/** Render `ui` inside the translations, in the ui store's language. */
export const renderTranslated = (ui: ReactElement) => render(<I18nProvider>{ui}</I18nProvider>);

/** After each test of the file: the real globals (such as fetch) and every spied function back. */
export function restoreStubsAfterEach(): void {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
