import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMap } from '../../test/fixtures.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { PresetNotice } from './PresetNotice.tsx';
import { PRESET_SAVED_NOTICE_MS, savePresetWithNotice, usePresetNotice } from './preset-notice.ts';
import { renderWithI18n, seedMaps } from './test-helpers.tsx';

const view = { center: { x: 10, y: 20 }, zoom: 1 };

beforeEach(() => {
  seedMaps([makeMap()]);
  usePresetNotice.setState({ notice: null, saving: false });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('saving a view preset', () => {
  it("answers 'View saved as the preset' on this map, for a few seconds", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockFetch({
      'PATCH /api/maps/map-1/preset': (c) => jsonResponse({ success: true, savedView: c.body }),
    });
    renderWithI18n(<PresetNotice mapId="map-1" />);
    expect(screen.getByTestId('preset-notice').textContent).toBe('');
    await act(() => savePresetWithNotice('map-1', view));
    expect(screen.getByRole('status').textContent).toBe('View saved as the preset');
    act(() => void vi.advanceTimersByTime(PRESET_SAVED_NOTICE_MS));
    expect(screen.getByTestId('preset-notice').textContent).toBe('');
  });

  it('says why a refused save failed, in Hebrew too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'PATCH /api/maps/map-1/preset': jsonResponse({ message: 'no' }, 403) });
    useUiStore.setState({ language: 'he' });
    renderWithI18n(<PresetNotice mapId="map-1" />);
    await act(() => savePresetWithNotice('map-1', view));
    expect(screen.getByRole('status').textContent).toBe(
      'שמירת תצוגת המפה נכשלה: ההרשאה שלך במפה זו אינה מאפשרת את השינוי',
    );
  });

  it('another map does not show this map’s answer', async () => {
    mockFetch({
      'PATCH /api/maps/map-1/preset': (c) => jsonResponse({ success: true, savedView: c.body }),
    });
    renderWithI18n(<PresetNotice mapId="map-2" />);
    await act(() => savePresetWithNotice('map-1', view));
    expect(screen.getByTestId('preset-notice').textContent).toBe('');
  });
});
