import { describe, expect, it, vi } from 'vitest';
import { GLIDE_MS, createGlideTracker } from './glide.ts';

describe('glide tracker', () => {
  it('draws a new device on its spot and glides a moved one there linearly', () => {
    const g = createGlideTracker();
    expect(g.current('a', { x: 0, y: 0 }, 0)).toEqual({ x: 0, y: 0 });
    expect(g.current('a', { x: 10, y: 0 }, 1_000)).toEqual({ x: 0, y: 0 });
    expect(g.current('a', { x: 10, y: 0 }, 1_000 + GLIDE_MS / 2)).toEqual({ x: 5, y: 0 });
    expect(g.moving(1_000 + GLIDE_MS / 2)).toBe(true);
    expect(g.current('a', { x: 10, y: 0 }, 1_000 + 2 * GLIDE_MS)).toEqual({ x: 10, y: 0 });
    expect(g.moving(1_000 + 2 * GLIDE_MS)).toBe(false);
  });

  it('turns towards a new spot from where the marker is drawn, and settles on a new view', () => {
    const g = createGlideTracker();
    g.current('a', { x: 0, y: 0 }, 0);
    g.current('a', { x: 10, y: 0 }, 0);
    // Half way, the device moves again: the new glide starts at (5, 0).
    expect(g.current('a', { x: 5, y: 10 }, GLIDE_MS / 2)).toEqual({ x: 5, y: 0 });
    expect(g.current('a', { x: 5, y: 10 }, GLIDE_MS)).toEqual({ x: 5, y: 5 });
    g.settle();
    expect(g.current('a', { x: 5, y: 10 }, GLIDE_MS)).toEqual({ x: 5, y: 10 });
  });

  it('forgets the devices no longer drawn', () => {
    const g = createGlideTracker();
    g.current('a', { x: 0, y: 0 }, 0);
    g.current('a', { x: 10, y: 0 }, 0);
    g.keep(new Set());
    expect(g.current('a', { x: 10, y: 0 }, 1)).toEqual({ x: 10, y: 0 });
  });

  it('does not glide for a user whose system asks for reduced motion', async () => {
    for (const reduce of [true, false]) {
      vi.resetModules();
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
      }));
      const { glidesWanted } = await import('./glide.ts');
      expect(glidesWanted()).toBe(!reduce);
    }
    vi.unstubAllGlobals();
  });
});
