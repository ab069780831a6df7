import { describe, expect, it } from 'vitest';
import { metres } from './units.ts';
import { fixInPixels } from './wire.ts';

describe('fixInPixels', () => {
  it('scales metres to pixels and stamps the calculation time', () => {
    const fix = fixInPixels(
      {
        x: metres(3),
        y: metres(4.5),
        confidence: 0.8,
        method: 'least-squares',
        signalsUsed: 4,
        primaryGateway: 'AA:00:00:00:00:01',
      },
      20,
      Date.parse('2026-01-01T00:00:00.000Z'),
    );
    expect(fix).toEqual({
      position: { x: 60, y: 90 },
      triangulationInfo: {
        method: 'least-squares',
        confidence: 0.8,
        signalsUsed: 4,
        primaryGateway: 'AA:00:00:00:00:01',
        lastCalculated: '2026-01-01T00:00:00.000Z',
      },
    });
  });

  it('keeps a fix beyond the plan on its edge when the plan size is known', () => {
    const est = {
      x: metres(-1),
      y: metres(50),
      confidence: 0.5,
      method: 'maximum-likelihood' as const,
      signalsUsed: 3,
      primaryGateway: null,
    };
    expect(fixInPixels(est, 10, 0, { width: 300, height: 200 }).position).toEqual({ x: 0, y: 200 });
    expect(fixInPixels(est, 10, 0).position).toEqual({ x: -10, y: 500 });
  });
});
