/**
 * The rooms a floor model's walls enclose: walls, doors (closed, so a room ends at its door) and
 * the outline are drawn as barriers on a coarse grid over the plan; what the plan's edge cannot
 * reach falls into enclosed areas, each outlined along its cells and simplified to a polygon.
 */
import { ZONE_LIMITS, type FloorModel, type FloorPoint, type Zone } from '@rtls/contract';
import { insidePolygon } from '@rtls/positioning';
import { isValidPolygon } from '../zones/zone-geometry.ts';
import { wallSegments, type Segment } from './floor-geometry.ts';
import { simplifyClosed } from './simplify.ts';

/** Grid cell (m): fine enough for a corridor, coarse enough to be quick. */
const CELL_M = 0.25;
/** Most cells along the plan's longer side. */
const MAX_CELLS = 600;
/** Smaller enclosed areas (m²) are gaps between walls, not rooms. */
const MIN_AREA_M2 = 1;

export interface EnclosedArea {
  polygon: FloorPoint[];
  /** Area (map pixels²) of the cells the area takes. */
  areaPx: number;
  /** Centres of a sample of its cells, to tell whether a zone already covers it. */
  samples: FloorPoint[];
}

interface Grid {
  nx: number;
  ny: number;
  cell: number;
  /** 1 where a barrier passes. */
  blocked: Uint8Array;
}

/** The grid with every segment marked; one free cell of margin all round is the outside. */
function barrierGrid(
  segments: readonly Segment[],
  size: { width: number; height: number },
  ppm: number,
): Grid {
  const cell = Math.max(CELL_M * ppm, Math.max(size.width, size.height) / MAX_CELLS);
  const nx = Math.ceil(size.width / cell) + 2;
  const ny = Math.ceil(size.height / cell) + 2;
  const blocked = new Uint8Array(nx * ny);
  const mark = (x: number, y: number) => {
    const i = Math.min(nx - 2, Math.max(1, Math.floor(x / cell) + 1));
    const j = Math.min(ny - 2, Math.max(1, Math.floor(y / cell) + 1));
    blocked[j * nx + i] = 1;
  };
  for (const s of segments) {
    const steps = Math.max(1, Math.ceil((Math.hypot(s.b.x - s.a.x, s.b.y - s.a.y) / cell) * 4));
    for (let k = 0; k <= steps; k++)
      mark(s.a.x + ((s.b.x - s.a.x) * k) / steps, s.a.y + ((s.b.y - s.a.y) * k) / steps);
  }
  return { nx, ny, cell, blocked };
}

/** Label 4-connected free cells: 1 for the outside (reached from the margin), 2… for areas. */
function label(g: Grid): { labels: Int32Array; count: number } {
  const labels = new Int32Array(g.nx * g.ny);
  const queue = new Int32Array(g.nx * g.ny);
  let count = 0;
  for (let seed = 0; seed < labels.length; seed++) {
    if (labels[seed] !== 0 || g.blocked[seed] === 1) continue;
    count++;
    labels[seed] = count;
    queue[0] = seed;
    for (let head = 0, tail = 1; head < tail; head++) {
      const i = queue[head]!;
      const x = i % g.nx;
      for (const n of [i - 1, i + 1, i - g.nx, i + g.nx]) {
        if (
          n < 0 ||
          n >= labels.length ||
          (n === i - 1 && x === 0) ||
          (n === i + 1 && x === g.nx - 1)
        )
          continue;
        if (labels[n] !== 0 || g.blocked[n] === 1) continue;
        labels[n] = count;
        queue[tail++] = n;
      }
    }
  }
  return { labels, count };
}

/** The outer boundary of the cells labelled `id`, as grid corners (clockwise on screen). */
function outerBoundary(labels: Int32Array, nx: number, ny: number, id: number): [number, number][] {
  const inside = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < nx && y < ny && labels[y * nx + x] === id;
  // Directed boundary edges keyed by their start corner; the area lies on their right.
  const next = new Map<number, number[]>();
  const key = (x: number, y: number) => y * (nx + 1) + x;
  const add = (x0: number, y0: number, x1: number, y1: number) => {
    const list = next.get(key(x0, y0)) ?? [];
    list.push(key(x1, y1));
    next.set(key(x0, y0), list);
  };
  for (let y = 0; y < ny; y++)
    for (let x = 0; x < nx; x++) {
      if (!inside(x, y)) continue;
      if (!inside(x, y - 1)) add(x, y, x + 1, y);
      if (!inside(x + 1, y)) add(x + 1, y, x + 1, y + 1);
      if (!inside(x, y + 1)) add(x + 1, y + 1, x, y + 1);
      if (!inside(x - 1, y)) add(x, y + 1, x, y);
    }
  let best: [number, number][] = [];
  let bestArea = 0;
  while (next.size > 0) {
    const [start] = next.keys();
    const loop: [number, number][] = [];
    let at = start!;
    for (;;) {
      const outs = next.get(at);
      if (!outs || outs.length === 0) break;
      const to = outs.pop()!;
      if (outs.length === 0) next.delete(at);
      loop.push([at % (nx + 1), Math.floor(at / (nx + 1))]);
      at = to;
      if (at === start) break;
    }
    const area = Math.abs(
      loop.reduce((sum, [x, y], i) => {
        const [x2, y2] = loop[(i + 1) % loop.length]!;
        return sum + x * y2 - x2 * y;
      }, 0),
    );
    if (area > bestArea) [best, bestArea] = [loop, area];
  }
  return best;
}

/** The areas the model's walls, doors and outline enclose, largest first. */
export function enclosedAreas(
  model: FloorModel,
  size: { width: number; height: number },
  pixelsPerMetre: number,
): EnclosedArea[] {
  const outline = model.outline ?? [];
  const segments: Segment[] = [
    ...wallSegments(model),
    ...model.doors,
    ...outline.map((a, i) => ({ a, b: outline[(i + 1) % outline.length]! })),
  ];
  if (segments.length === 0) return [];
  const g = barrierGrid(segments, size, pixelsPerMetre);
  const { labels, count } = label(g);
  const minCells = (MIN_AREA_M2 * pixelsPerMetre ** 2) / g.cell ** 2;
  const cells = new Map<number, number[]>();
  labels.forEach((id, i) => {
    if (id > 1) (cells.get(id) ?? cells.set(id, []).get(id)!).push(i);
  });
  const toPx = ([x, y]: [number, number]): FloorPoint => ({
    x: Math.min(size.width, Math.max(0, (x - 1) * g.cell)),
    y: Math.min(size.height, Math.max(0, (y - 1) * g.cell)),
  });
  const areas: EnclosedArea[] = [];
  for (let id = 2; id <= count; id++) {
    const members = cells.get(id) ?? [];
    if (members.length < minCells) continue;
    const corners = outerBoundary(labels, g.nx, g.ny, id).map(toPx);
    const polygon = simplifyClosed(corners, g.cell * 0.75, ZONE_LIMITS.maxVertices);
    if (!polygon || !isValidPolygon(polygon)) continue;
    const stride = Math.max(1, Math.floor(members.length / 200));
    const samples = members
      .filter((_, k) => k % stride === 0)
      .map((i) => ({ x: ((i % g.nx) - 0.5) * g.cell, y: (Math.floor(i / g.nx) - 0.5) * g.cell }));
    areas.push({ polygon, areaPx: members.length * g.cell ** 2, samples });
  }
  return areas.sort((a, b) => b.areaPx - a.areaPx);
}

/** Whether a zone already covers most (over half) of the area. */
const coveredByZone = (area: EnclosedArea, zones: readonly Zone[]) =>
  zones.some(
    (z) =>
      area.samples.filter((p) => insidePolygon(z.polygon, p.x, p.y)).length >
      area.samples.length / 2,
  );

/**
 * The zones to create for the areas no zone covers yet, named "Room 1", "Room 2"… (numbers that
 * no zone's name uses yet); `roomName` gives the name of number n in the user's language.
 */
export function roomsToCreate(
  areas: readonly EnclosedArea[],
  zones: readonly Zone[],
  roomName: (n: number) => string,
): { name: string; polygon: FloorPoint[] }[] {
  const taken = new Set(zones.map((z) => z.name.trim()));
  let n = 0;
  const nextName = () => {
    do n++;
    while (taken.has(roomName(n)));
    return roomName(n);
  };
  return areas
    .filter((a) => !coveredByZone(a, zones))
    .map((a) => ({ name: nextName(), polygon: a.polygon }));
}
