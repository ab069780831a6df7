import { describe, expect, it } from 'vitest';
import { makeBuilding } from '../../test/building-fixtures.ts';
import { bodyOf, draftOf, newFloor, newLink, type BuildingDraft } from './building-draft.ts';

const spot = (x: number, y: number) => ({ x: String(x), y: String(y) });

/** Two floors, the upper one aligned, and stairs stopping on both. */
function twoFloors(): BuildingDraft {
  let d: BuildingDraft = { name: ' North wing ', floors: [], links: [] };
  d = { ...d, floors: [newFloor(d, 'g')] };
  const first = newFloor(d, 'f');
  first.here = [spot(100, 80), spot(900, 500)];
  first.base = [spot(98, 84), spot(897, 506)];
  const stairs = {
    ...newLink('stairs'),
    name: 'Core A',
    stops: { g: spot(100, 80), f: spot(98, 84) },
  };
  return { ...d, floors: [...d.floors, first], links: [stairs] };
}

describe('building draft', () => {
  it('numbers new floors upwards from the ground floor, with the default storey height', () => {
    const d = twoFloors();
    expect(d.floors.map((f) => [f.mapId, f.level, f.heightM])).toEqual([
      ['g', '0', '3'],
      ['f', '1', '3'],
    ]);
  });

  it('makes the body the API takes: the lowest floor unaligned, stops in map pixels', () => {
    expect(bodyOf(twoFloors())).toEqual({
      ok: {
        name: 'North wing',
        floors: [
          { mapId: 'g', level: 0, heightM: 3 },
          {
            mapId: 'f',
            level: 1,
            heightM: 3,
            alignment: {
              here: [
                { x: 100, y: 80 },
                { x: 900, y: 500 },
              ],
              base: [
                { x: 98, y: 84 },
                { x: 897, y: 506 },
              ],
            },
          },
        ],
        links: [
          {
            kind: 'stairs',
            name: 'Core A',
            stops: [
              { mapId: 'g', x: 100, y: 80 },
              { mapId: 'f', x: 98, y: 84 },
            ],
          },
        ],
      },
    });
  });

  it('sends a floor with no alignment spot as not aligned yet', () => {
    const d = twoFloors();
    d.floors[1]!.here = [
      { x: '', y: '' },
      { x: '', y: '' },
    ];
    d.floors[1]!.base = [
      { x: '', y: '' },
      { x: '', y: '' },
    ];
    const body = bodyOf(d);
    expect('ok' in body && body.ok.floors[1]).toEqual({ mapId: 'f', level: 1, heightM: 3 });
  });

  it('says what is missing or wrong before anything is sent', () => {
    const named = (change: (d: BuildingDraft) => void) => {
      const d = twoFloors();
      change(d);
      return bodyOf(d);
    };
    expect(named((d) => (d.name = '  '))).toEqual({ problem: 'nameRequired' });
    expect(named((d) => (d.floors = []))).toEqual({ problem: 'noFloors' });
    expect(named((d) => (d.floors[1]!.level = '1.5'))).toEqual({ problem: 'levelInvalid' });
    expect(named((d) => (d.floors[1]!.heightM = '0.5'))).toEqual({ problem: 'heightInvalid' });
    expect(named((d) => (d.floors[1]!.base[1] = { x: '', y: '' }))).toEqual({
      problem: 'alignmentIncomplete',
    });
    expect(named((d) => (d.floors[1]!.here[0] = { x: 'a', y: '1' }))).toEqual({
      problem: 'spotInvalid',
    });
    expect(named((d) => (d.links[0]!.name = ''))).toEqual({ problem: 'linkNameRequired' });
    expect(named((d) => delete d.links[0]!.stops.f)).toEqual({ problem: 'linkStops' });
  });

  it('reads a stored building back into the same body', () => {
    const stored = makeBuilding({
      links: [
        {
          kind: 'lift',
          name: 'Lift 1',
          stops: [
            { mapId: 'f0', x: 5, y: 6 },
            { mapId: 'f2', x: 5, y: 6 },
          ],
        },
      ],
    });
    const body = bodyOf(draftOf(stored));
    expect(body).toEqual({ ok: { name: stored.name, floors: stored.floors, links: stored.links } });
  });
});
