import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_TOOLTIP_FIELDS,
  DEFAULT_TRIANGULATION,
  DEFAULT_VIEW_OPTIONS,
} from '@rtls/contract';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { normaliseTooltipFields, useViewStore } from './view-store.ts';

const serverSettings = {
  userId: 'u1',
  viewOptions: { ...DEFAULT_VIEW_OPTIONS, showGridLines: true },
  tooltipFields: [
    { id: 'mac', label: 'MAC', enabled: true, order: 7 },
    { id: 'name', label: 'Name', enabled: true, order: 3 },
  ],
  triangulation: { ...DEFAULT_TRIANGULATION, minSignalCount: 3 },
};

beforeEach(() => useViewStore.getState().reset());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('view store', () => {
  it("starts from the contract's defaults", () => {
    const s = useViewStore.getState();
    expect(s.viewOptions).toEqual(DEFAULT_VIEW_OPTIONS);
    expect(s.viewOptions.showDeviceNames).toBe(true);
    expect(s.tooltipFields.map((f) => [f.id, f.enabled, f.order])).toEqual([
      ['name', true, 1],
      ['mac', false, 2],
      ['rssi', true, 3],
      ['lastSeen', true, 4],
      ['gateway', false, 5],
      ['status', true, 6],
    ]);
    expect(s.triangulation).toEqual({
      enabled: true,
      algorithm: 'auto',
      minSignalCount: 2,
      minConfidence: 0.3,
      signalAgeWeight: 0.8,
      rssiWeight: 1,
      showDebugInfo: false,
    });
  });

  it('signed out: changes stay local and nothing is sent', async () => {
    const { fetch } = mockFetch();
    useViewStore.getState().setViewOption('showGridLines', true);
    await useViewStore.getState().setTooltipFields(DEFAULT_TOOLTIP_FIELDS);
    await useViewStore.getState().load();
    expect(useViewStore.getState().viewOptions.showGridLines).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('signed in: a view option is saved with the view-option call', async () => {
    localStorage.setItem('token', 'tok');
    const { calls } = mockFetch({
      'PATCH /api/user-settings/view-option': jsonResponse({
        success: true,
        settings: serverSettings,
      }),
    });
    useViewStore.getState().setViewOption('showRSSIValues', true);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ key: 'showRSSIValues', value: true });
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok');
  });

  it('signed in: tooltip fields and triangulation use their own calls', async () => {
    localStorage.setItem('token', 'tok');
    const answer = jsonResponse({ success: true, settings: serverSettings });
    const { calls } = mockFetch({
      'PATCH /api/user-settings/tooltip-fields': answer,
      'PATCH /api/user-settings/triangulation': answer,
    });
    await useViewStore.getState().setTooltipFields(DEFAULT_TOOLTIP_FIELDS);
    await useViewStore.getState().saveTriangulation({ ...DEFAULT_TRIANGULATION, rssiWeight: 2 });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/user-settings/tooltip-fields',
      '/api/user-settings/triangulation',
    ]);
    expect((calls[0]!.body as { tooltipFields: unknown[] }).tooltipFields).toHaveLength(6);
    expect(calls[1]!.body).toEqual({ triangulation: { ...DEFAULT_TRIANGULATION, rssiWeight: 2 } });
    expect(useViewStore.getState().triangulation.rssiWeight).toBe(2);
  });

  it('load reads the signed-in user settings, sorting and renumbering the tooltip fields', async () => {
    localStorage.setItem('token', 'tok');
    mockFetch({
      'GET /api/user-settings': jsonResponse({ success: true, settings: serverSettings }),
    });
    await useViewStore.getState().load();
    const s = useViewStore.getState();
    expect(s.loaded).toBe(true);
    expect(s.viewOptions.showGridLines).toBe(true);
    expect(s.tooltipFields.map((f) => [f.id, f.order])).toEqual([
      ['name', 1],
      ['mac', 2],
    ]);
    expect(s.triangulation.minSignalCount).toBe(3);
  });

  it('failed calls keep the defaults or the local change and are only logged', async () => {
    localStorage.setItem('token', 'tok');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /api/user-settings': jsonResponse({}, 500),
      'PATCH /api/user-settings/view-option': jsonResponse({}, 500),
    });
    await useViewStore.getState().load();
    expect(useViewStore.getState().viewOptions).toEqual(DEFAULT_VIEW_OPTIONS);
    useViewStore.getState().setViewOption('autoZoom', true);
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(2));
    expect(error.mock.calls.map((c) => c[0])).toEqual([
      'Failed to fetch user settings',
      'Failed to update view option',
    ]);
    expect(useViewStore.getState().viewOptions.autoZoom).toBe(true);
  });
});

describe('normaliseTooltipFields', () => {
  it('sorts by order and numbers from 1', () => {
    const out = normaliseTooltipFields([
      { id: 'rssi', label: 'RSSI', enabled: true, order: 10 },
      { id: 'name', label: 'Name', enabled: false, order: 0 },
    ]);
    expect(out).toEqual([
      { id: 'name', label: 'Name', enabled: false, order: 1 },
      { id: 'rssi', label: 'RSSI', enabled: true, order: 2 },
    ]);
  });
});
