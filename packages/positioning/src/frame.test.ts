import { describe, expect, it } from 'vitest';
import { DEFAULT_PIXELS_PER_METRE } from '@rtls/contract';
import { buildFrame } from './frame.ts';

const gw = (mac: string, x: number, y: number) => ({ mac, position: { x, y } });

describe('buildFrame', () => {
  it('turns gateway pixels into metres with the map scale', () => {
    const f = buildFrame({ _id: 'm', settings: { pixelsPerMetre: 50 } }, [
      { ...gw('aa', 200, 100), logicThreshold: -80, maxRSSI: -60 },
    ]);
    expect(f.mapId).toBe('m');
    expect(f.pixelsPerMetre).toBe(50);
    expect(f.anchors).toEqual([{ id: 'aa', x: 4, y: 2, logicThreshold: -80, maxRSSI: -60 }]);
  });

  it.each([undefined, null, 0, -3, Number.NaN, Number.POSITIVE_INFINITY])(
    'uses the default scale when pixelsPerMetre is %s',
    (ppm) => {
      const f = buildFrame({ _id: 'm', settings: { pixelsPerMetre: ppm } }, [gw('aa', 40, 20)]);
      expect(f.pixelsPerMetre).toBe(DEFAULT_PIXELS_PER_METRE);
      expect(f.anchors[0]).toMatchObject({
        x: 40 / DEFAULT_PIXELS_PER_METRE,
        y: 20 / DEFAULT_PIXELS_PER_METRE,
      });
    },
  );

  it('skips gateways that are not placed', () => {
    const f = buildFrame({ _id: 'm' }, [
      gw('placed', 10, 10),
      { mac: 'none' },
      { mac: 'null', position: null },
      gw('nan', Number.NaN, 3),
    ]);
    expect(f.anchors.map((a) => a.id)).toEqual(['placed']);
    expect(f.anchors[0]).toMatchObject({ logicThreshold: null, maxRSSI: null });
  });

  it('carries the plan size when the map has one', () => {
    const size = { width: 800, height: 600 };
    expect(buildFrame({ _id: 'm', settings: { imageSize: size } }, []).plan).toEqual(size);
    expect(buildFrame({ _id: 'm', settings: null }, []).plan).toBeUndefined();
  });
});
