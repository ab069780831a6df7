/** Set-up of the View tab's tests: its controls rendered in English over a fresh view store. */
import { beforeEach } from 'vitest';
import { useUiStore } from '../features/layout/ui-store.ts';
import { ViewControls } from '../features/view/ViewControls.tsx';
import { useViewStore } from '../features/view/view-store.ts';
import { renderTranslated, restoreStubsAfterEach } from './render.tsx';

export const renderView = () => renderTranslated(<ViewControls />);

/** Before each test of the file: English and the view's defaults; after it, no stubs left. */
export function freshViewEachTest(): void {
  beforeEach(() => {
    useUiStore.setState({ language: 'en' });
    useViewStore.getState().reset();
  });
  restoreStubsAfterEach();
}
