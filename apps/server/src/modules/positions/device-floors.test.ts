import { describe, expect, it } from 'vitest';
import type { LinkSummary, MapFrame } from '@rtls/positioning';
import { keepOneFloor, type FloorChange, type FloorChoices } from './device-floors.ts';
import type { OwnerFrames, OwnerMap } from './frames.ts';

/** A building of two floors, ground (map g, gateways g1–g3) and first (map f, gateways f1–f3). */
function twoFloors(): OwnerFrames {
  const map = (): OwnerMap => ({
    frame: { pixelsPerMetre: 10 } as MapFrame,
    mapOwnerId: 'owner',
    settings: {} as OwnerMap['settings'],
    buildingId: 'b',
  });
  return {
    monitored: new Map(),
    maps: new Map([
      ['g', map()],
      ['f', map()],
    ]),
    gatewayMap: new Map(['g1', 'g2', 'g3', 'f1', 'f2', 'f3'].map((m) => [m, m[0]!])),
    buildings: new Map([
      [
        'b',
        {
          floors: new Map([
            ['g', { level: 0, gateways: new Set(['g1', 'g2', 'g3']) }],
            ['f', { level: 1, gateways: new Set(['f1', 'f2', 'f3']) }],
          ]),
          links: new Map(),
        },
      ],
    ]),
  };
}

const link = (gateway: string, rssi: number): LinkSummary => ({
  gateway,
  rssi,
  count: 5,
  newestMs: 0,
});

/** What the gateways hear of a tag on `floor`: its own floor's at -60 dBm, the other's at -85. */
function heardOn(floor: 'g' | 'f'): Map<string, LinkSummary[]> {
  const level = (m: 'g' | 'f') => (m === floor ? -60 : -85);
  return new Map([
    ['g', ['g1', 'g2', 'g3'].map((gw) => link(gw, level('g')))],
    ['f', ['f1', 'f2', 'f3'].map((gw) => link(gw, level('f')))],
  ]);
}

describe('keepOneFloor', () => {
  it('tells no move on the first floor a device is shown on', () => {
    const state = { floors: new Map() as FloorChoices, located: new Map() };
    const heard = heardOn('g');
    expect(keepOneFloor(state, twoFloors(), heard, 0)).toEqual([]);
    expect([...heard.keys()]).toEqual(['g']);
  });

  it('tells exactly one move, from the floor left to the floor reached, when a device goes up', () => {
    const owner = twoFloors();
    const state = { floors: new Map() as FloorChoices, located: new Map() };
    const moves: FloorChange[] = [];
    let t = 0;
    for (; t < 10_000; t += 1000) moves.push(...keepOneFloor(state, owner, heardOn('g'), t));
    expect(moves).toEqual([]);
    let shown: string[] = [];
    for (; t < 40_000; t += 1000) {
      const heard = heardOn('f');
      moves.push(...keepOneFloor(state, owner, heard, t));
      shown = [...heard.keys()];
    }
    expect(shown).toEqual(['f']);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      buildingId: 'b',
      from: 'g',
      to: 'f',
      fromLevel: 0,
      toLevel: 1,
    });
    expect(moves[0]!.at).toBeGreaterThan(10_000);
  });
});
