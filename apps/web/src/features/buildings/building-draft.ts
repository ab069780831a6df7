/**
 * A building as the editor holds it while the user types: every number as the text in its field,
 * each floor's two alignment spots (here and on the lowest floor) and each stair's or lift's stop
 * per floor. bodyOf turns it into the body the buildings API takes, or says what is missing; the
 * server still decides what is valid (a map taken by another building, a stop off the plan).
 */
import {
  BUILDING_LIMITS,
  DEFAULT_STOREY_HEIGHT_M,
  type Building,
  type BuildingBody,
  type BuildingLink,
  type LinkKind,
} from '@rtls/contract';

/** A spot as typed: map pixels, empty while not given. */
export interface SpotDraft {
  x: string;
  y: string;
}

export interface FloorDraft {
  mapId: string;
  level: string;
  heightM: string;
  /** Two spots on this floor, and the same two on the lowest floor. */
  here: [SpotDraft, SpotDraft];
  base: [SpotDraft, SpotDraft];
}

export interface LinkDraft {
  kind: LinkKind;
  name: string;
  /** Where it stops, by floor (map id); floors without a spot are not stopped at. */
  stops: Record<string, SpotDraft>;
}

export interface BuildingDraft {
  name: string;
  floors: FloorDraft[];
  links: LinkDraft[];
}

/** What keeps a draft from being sent (the buildings.editor.problems text of that name). */
export type DraftProblem =
  | 'nameRequired'
  | 'noFloors'
  | 'levelInvalid'
  | 'heightInvalid'
  | 'spotInvalid'
  | 'alignmentIncomplete'
  | 'linkNameRequired'
  | 'linkStops';

const emptySpot = (): SpotDraft => ({ x: '', y: '' });
const spotText = (p: { x: number; y: number }): SpotDraft => ({ x: String(p.x), y: String(p.y) });

/** A floor for a map, one level above the highest one of the draft. */
export function newFloor(draft: BuildingDraft, mapId: string): FloorDraft {
  const levels = draft.floors.map((f) => Number(f.level)).filter(Number.isInteger);
  return {
    mapId,
    level: String(levels.length === 0 ? 0 : Math.max(...levels) + 1),
    heightM: String(DEFAULT_STOREY_HEIGHT_M),
    here: [emptySpot(), emptySpot()],
    base: [emptySpot(), emptySpot()],
  };
}

export const newLink = (kind: LinkKind): LinkDraft => ({ kind, name: '', stops: {} });

/** The draft of a stored building, or of a new one. */
export function draftOf(b: Building | null): BuildingDraft {
  if (!b) return { name: '', floors: [], links: [] };
  return {
    name: b.name,
    floors: b.floors.map((f) => ({
      mapId: f.mapId,
      level: String(f.level),
      heightM: String(f.heightM),
      here: f.alignment
        ? [spotText(f.alignment.here[0]), spotText(f.alignment.here[1])]
        : [emptySpot(), emptySpot()],
      base: f.alignment
        ? [spotText(f.alignment.base[0]), spotText(f.alignment.base[1])]
        : [emptySpot(), emptySpot()],
    })),
    links: b.links.map((l) => ({
      kind: l.kind,
      name: l.name,
      stops: Object.fromEntries(l.stops.map((s) => [s.mapId, spotText(s)])),
    })),
  };
}

type Result<T> = { ok: T } | { problem: DraftProblem };

const filled = (s: SpotDraft) => s.x.trim() !== '' || s.y.trim() !== '';

/** A spot's coordinates, or null when one of them is not a number within the limits. */
function spotOf(s: SpotDraft): { x: number; y: number } | null {
  const x = Number(s.x);
  const y = Number(s.y);
  const ok = (v: number, text: string) =>
    text.trim() !== '' && Number.isFinite(v) && Math.abs(v) <= BUILDING_LIMITS.maxAbsCoordinate;
  return ok(x, s.x) && ok(y, s.y) ? { x, y } : null;
}

function floorOf(f: FloorDraft, lowest: boolean): Result<BuildingBody['floors'][number]> {
  const level = Number(f.level);
  const heightM = Number(f.heightM);
  if (f.level.trim() === '' || !Number.isInteger(level)) return { problem: 'levelInvalid' };
  if (level < BUILDING_LIMITS.minLevel || level > BUILDING_LIMITS.maxLevel)
    return { problem: 'levelInvalid' };
  if (!(heightM >= BUILDING_LIMITS.minHeightM && heightM <= BUILDING_LIMITS.maxHeightM))
    return { problem: 'heightInvalid' };
  const spots = [...f.here, ...f.base];
  // The lowest floor is what the others are aligned to; a floor with no spot is not aligned yet.
  if (lowest || !spots.some(filled)) return { ok: { mapId: f.mapId, level, heightM } };
  if (!spots.every(filled)) return { problem: 'alignmentIncomplete' };
  const [h0, h1, b0, b1] = spots.map(spotOf);
  if (!h0 || !h1 || !b0 || !b1) return { problem: 'spotInvalid' };
  return { ok: { mapId: f.mapId, level, heightM, alignment: { here: [h0, h1], base: [b0, b1] } } };
}

function linkOf(l: LinkDraft, floors: readonly string[]): Result<BuildingLink> {
  if (l.name.trim() === '') return { problem: 'linkNameRequired' };
  const stops: BuildingLink['stops'] = [];
  for (const mapId of floors) {
    const s = l.stops[mapId];
    if (!s || !filled(s)) continue;
    const spot = spotOf(s);
    if (!spot) return { problem: 'spotInvalid' };
    stops.push({ mapId, ...spot });
  }
  if (stops.length < 2) return { problem: 'linkStops' };
  return { ok: { kind: l.kind, name: l.name.trim(), stops } };
}

/** The body to send, or the first thing that keeps the draft from being sent. */
export function bodyOf(d: BuildingDraft): Result<BuildingBody> {
  if (d.name.trim() === '') return { problem: 'nameRequired' };
  if (d.floors.length === 0) return { problem: 'noFloors' };
  const lowest = Math.min(...d.floors.map((f) => Number(f.level)));
  const floors: BuildingBody['floors'] = [];
  for (const f of d.floors) {
    const r = floorOf(f, Number(f.level) === lowest);
    if ('problem' in r) return r;
    floors.push(r.ok);
  }
  const links: BuildingLink[] = [];
  for (const l of d.links) {
    const r = linkOf(
      l,
      d.floors.map((f) => f.mapId),
    );
    if ('problem' in r) return r;
    links.push(r.ok);
  }
  return { ok: { name: d.name.trim(), floors, links } };
}
