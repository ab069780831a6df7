import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../features/layout/ui-store.ts';
import { makeMap } from '../test/fixtures.ts';
import { MapCanvas } from './MapCanvas.tsx';
import { renderTranslated } from '../test/render.tsx';

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  useUiStore.setState({ language: 'en', isEditMode: false });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MapCanvas', () => {
  it('draws the plan with its controls, and leaves edit mode when the map closes', () => {
    const { unmount } = renderTranslated(
      <MapCanvas
        map={makeMap({ settings: { backgroundImage: '/uploads/maps/a.png' } })}
        zoom={{ defaultZoom: 1, minZoom: 0.5, maxZoom: 3 }}
        defaultImage="/maps/floor1.png"
        saveScale={vi.fn()}
      />,
    );
    expect(screen.getByRole('region', { name: 'Floor plan' })).toBeDefined();
    const plan = document.querySelector('img.floor-plan');
    expect(plan?.getAttribute('src')).toBe('/uploads/maps/a.png');
    expect(screen.getByRole('toolbar', { name: 'Map controls' })).toBeDefined();
    useUiStore.getState().setEditMode(true);
    unmount();
    expect(useUiStore.getState().isEditMode).toBe(false);
  });
});
