import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TRIANGULATION } from '@rtls/contract';
import { useViewStore } from '../view/view-store.ts';
import { useDevicesStore } from './devices-store.ts';
import { useLocateSettings } from './use-locate-settings.ts';

beforeEach(() => {
  useViewStore.getState().reset();
  useDevicesStore.getState().reset();
});

describe('useLocateSettings', () => {
  it('gives the engine the triangulation settings as they load and change', () => {
    renderHook(() => useLocateSettings());
    expect(useDevicesStore.getState().locateSettings.algorithm).toBe('auto');
    act(() =>
      useViewStore.setState({
        triangulation: {
          ...DEFAULT_TRIANGULATION,
          enabled: false,
          algorithm: 'least-squares',
          minSignalCount: 4,
          minConfidence: 0.5,
          signalAgeWeight: 0.2,
          rssiWeight: 3,
          showDebugInfo: true,
        },
      }),
    );
    expect(useDevicesStore.getState().locateSettings).toEqual({
      enabled: false,
      algorithm: 'least-squares',
      minSignalCount: 4,
      minConfidence: 0.5,
      signalAgeWeight: 0.2,
      rssiWeight: 3,
    });
  });
});
