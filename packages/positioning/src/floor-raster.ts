/**
 * A floor's walls on a filter grid: which cells are walkable, which neighbouring cells a tag can
 * pass between (no solid wall between their centres), the rooms (cells connected with every door
 * closed) and the doors that join them. The grid filter's motion and the shown path read it.
 */
import { crossesWall, insidePolygon, solidWalls, type FloorGeometry } from './floor.ts';
import type { Grid } from './grid.ts';

/** A wall stretch as a plain segment. */
interface Segment {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Segments near each cell: for cell c, ids[start[c] .. start[c + 1]). */
interface CellIndex {
  start: Int32Array;
  ids: Int32Array;
}

/** The floor rasterised on one grid. */
export interface FloorRaster {
  readonly grid: Grid;
  /** 1 where a tag can stand (inside the outline). */
  readonly walkable: Uint8Array;
  /** How many cells are walkable. */
  readonly walkableCells: number;
  /** 1 where the edge from cell c to c + 1 (east) can be passed: no solid wall between them. */
  readonly openEast: Uint8Array;
  /** 1 where the edge from cell c to c + nx (the next row) can be passed. */
  readonly openNext: Uint8Array;
  /** Room of each walkable cell (cells connected with every door closed); −1 elsewhere. */
  readonly room: Int32Array;
  readonly rooms: number;
  /** The solid walls (doors cut out): what no shown step may cross. */
  readonly solid: readonly Segment[];
  /** The doors and openings. */
  readonly doors: readonly Segment[];
  /** True when the straight step from (ax, ay) to (bx, by) crosses a solid wall. */
  blocked(ax: number, ay: number, bx: number, by: number): boolean;
  /** The cell holding (x, y), clamped to the grid. */
  cellAt(x: number, y: number): number;
}

/** The floor on this grid; null when it has neither walls nor an outline. */
export function rasterizeFloor(grid: Grid, floor: FloorGeometry): FloorRaster | null {
  if (floor.walls.length === 0 && !floor.outline) return null;
  const { nx, ny, step } = grid;
  const n = nx * ny;
  const solid: Segment[] = solidWalls(floor);
  // Motion passes doors at least a cell and a bit wide: a narrower door might fall between two
  // columns of cell centres and shut its room off.
  const passable: Segment[] = solidWalls(floor, step * 1.05);
  // With every door closed: the walls as drawn and the doors' own stretches.
  const closed: Segment[] = [...floor.walls, ...floor.doors];
  const solidIndex = indexSegments(grid, solid);
  const passableIndex = indexSegments(grid, passable);
  const closedIndex = indexSegments(grid, closed);
  const cx = (c: number) => grid.x0 + (c % nx) * step;
  const cy = (c: number) => grid.y0 + Math.floor(c / nx) * step;

  // A cell whose centre lies on a solid wall is inside it: nobody stands there. One on a door's
  // stretch is walkable but belongs to no room (it is the way between two).
  const walkable = new Uint8Array(n);
  const inDoorway = new Uint8Array(n);
  const outline = floor.outline;
  const tolerance = step * 1e-6;
  for (let c = 0; c < n; c++) {
    const x = cx(c);
    const y = cy(c);
    const inside = !outline || insidePolygon(outline, x, y);
    walkable[c] = inside && !nearAny(passableIndex, passable, c, x, y, tolerance) ? 1 : 0;
    inDoorway[c] = walkable[c] && nearAny(closedIndex, closed, c, x, y, tolerance) ? 1 : 0;
  }

  const crosses = (index: CellIndex, segs: readonly Segment[], a: number, b: number) =>
    anyCrossing(index, segs, a, cx(a), cy(a), cx(b), cy(b)) ||
    anyCrossing(index, segs, b, cx(a), cy(a), cx(b), cy(b));

  const openEast = new Uint8Array(n);
  const openNext = new Uint8Array(n);
  // The same edges with doors closed, for the rooms.
  const roomEast = new Uint8Array(n);
  const roomNext = new Uint8Array(n);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const c = j * nx + i;
      if (!walkable[c]) continue;
      if (i + 1 < nx && walkable[c + 1]) {
        openEast[c] = crosses(passableIndex, passable, c, c + 1) ? 0 : 1;
        roomEast[c] = openEast[c] && !crosses(closedIndex, closed, c, c + 1) ? 1 : 0;
      }
      if (j + 1 < ny && walkable[c + nx]) {
        openNext[c] = crosses(passableIndex, passable, c, c + nx) ? 0 : 1;
        roomNext[c] = openNext[c] && !crosses(closedIndex, closed, c, c + nx) ? 1 : 0;
      }
    }
  }
  dropIslands(grid, walkable, openEast, openNext, roomEast, roomNext);
  const { room, rooms } = label(grid, walkable, inDoorway, roomEast, roomNext);
  let walkableCells = 0;
  for (let c = 0; c < n; c++) walkableCells += walkable[c]!;

  const cellAt = (x: number, y: number) => {
    const i = Math.min(nx - 1, Math.max(0, Math.round((x - grid.x0) / step)));
    const j = Math.min(ny - 1, Math.max(0, Math.round((y - grid.y0) / step)));
    return j * nx + i;
  };
  return {
    grid,
    walkable,
    walkableCells,
    openEast,
    openNext,
    room,
    rooms,
    solid,
    doors: floor.doors,
    cellAt,
    blocked(ax, ay, bx, by) {
      // Every cell the step's bounding box touches, each segment tested once.
      const i0 = Math.max(0, Math.floor((Math.min(ax, bx) - grid.x0) / step));
      const i1 = Math.min(nx - 1, Math.ceil((Math.max(ax, bx) - grid.x0) / step));
      const j0 = Math.max(0, Math.floor((Math.min(ay, by) - grid.y0) / step));
      const j1 = Math.min(ny - 1, Math.ceil((Math.max(ay, by) - grid.y0) / step));
      const seen = new Set<number>();
      for (let j = j0; j <= j1; j++) {
        for (let i = i0; i <= i1; i++) {
          const c = j * nx + i;
          for (let k = solidIndex.start[c]!; k < solidIndex.start[c + 1]!; k++) {
            const id = solidIndex.ids[k]!;
            if (seen.has(id)) continue;
            seen.add(id);
            if (crossesWall(ax, ay, bx, by, solid[id]!)) return true;
          }
        }
      }
      // Outside the grid nothing is indexed: test those walls directly.
      const out =
        Math.min(ax, bx) < grid.x0 - step / 2 ||
        Math.max(ax, bx) > grid.x0 + (nx - 0.5) * step ||
        Math.min(ay, by) < grid.y0 - step / 2 ||
        Math.max(ay, by) > grid.y0 + (ny - 0.5) * step;
      return out && solid.some((w, id) => !seen.has(id) && crossesWall(ax, ay, bx, by, w));
    },
  };
}

function anyCrossing(
  index: CellIndex,
  segs: readonly Segment[],
  c: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): boolean {
  for (let k = index.start[c]!; k < index.start[c + 1]!; k++) {
    if (crossesWall(ax, ay, bx, by, segs[index.ids[k]!]!)) return true;
  }
  return false;
}

/**
 * Each segment listed under every cell its bounding box reaches (cell extents of ± half a step
 * around the centres, widened by a hair so a wall on a cell boundary is listed on both sides).
 */
function indexSegments(grid: Grid, segs: readonly Segment[]): CellIndex {
  const { nx, ny, step } = grid;
  const n = nx * ny;
  const range = (s: Segment) => {
    const pad = step * 0.51;
    return {
      i0: Math.max(0, Math.floor((Math.min(s.x0, s.x1) - pad - grid.x0) / step + 0.5)),
      i1: Math.min(nx - 1, Math.floor((Math.max(s.x0, s.x1) + pad - grid.x0) / step + 0.5)),
      j0: Math.max(0, Math.floor((Math.min(s.y0, s.y1) - pad - grid.y0) / step + 0.5)),
      j1: Math.min(ny - 1, Math.floor((Math.max(s.y0, s.y1) + pad - grid.y0) / step + 0.5)),
    };
  };
  const counts = new Int32Array(n + 1);
  const ranges = segs.map(range);
  for (const r of ranges) {
    for (let j = r.j0; j <= r.j1; j++) for (let i = r.i0; i <= r.i1; i++) counts[j * nx + i]!++;
  }
  const start = new Int32Array(n + 1);
  for (let c = 0; c < n; c++) start[c + 1] = start[c]! + counts[c]!;
  const fill = start.slice(0, n);
  const ids = new Int32Array(start[n]!);
  ranges.forEach((r, id) => {
    for (let j = r.j0; j <= r.j1; j++) {
      for (let i = r.i0; i <= r.i1; i++) ids[fill[j * nx + i]!++] = id;
    }
  });
  return { start, ids };
}

/**
 * Fewest cells of a region motion cannot leave for it to stay walkable. Smaller ones are slivers
 * the grid cuts between walls that pass near cell centres (no room is a cell or two across):
 * nobody could walk in, and a shown path could not reach them.
 */
const MIN_REGION_CELLS = 4;

/** Cells of regions smaller than MIN_REGION_CELLS made unwalkable, their edges closed. */
function dropIslands(
  grid: Grid,
  walkable: Uint8Array,
  ...edges: [Uint8Array, Uint8Array, Uint8Array, Uint8Array]
): void {
  const [openEast, openNext] = edges;
  const none = new Uint8Array(walkable.length);
  const { room: region, rooms: regions } = label(grid, walkable, none, openEast, openNext);
  const size = new Int32Array(regions);
  for (const r of region) if (r >= 0) size[r]!++;
  const { nx } = grid;
  for (let c = 0; c < walkable.length; c++) {
    const r = region[c]!;
    if (r < 0 || size[r]! >= MIN_REGION_CELLS) continue;
    walkable[c] = 0;
    for (const e of edges) {
      e[c] = 0;
      if (c % nx > 0 && e === edges[0]) e[c - 1] = 0;
      if (c % nx > 0 && e === edges[2]) e[c - 1] = 0;
      if (c >= nx && (e === edges[1] || e === edges[3])) e[c - nx] = 0;
    }
  }
}

/** Connected components of the walkable cells (doorways aside) over the open edges. */
function label(
  grid: Grid,
  walkable: Uint8Array,
  doorway: Uint8Array,
  east: Uint8Array,
  next: Uint8Array,
) {
  const { nx } = grid;
  const n = walkable.length;
  const room = new Int32Array(n).fill(-1);
  // Doorway cells are never visited: −2 marks them taken.
  for (let c = 0; c < n; c++) if (doorway[c]) room[c] = -2;
  const stack: number[] = [];
  let rooms = 0;
  for (let s = 0; s < n; s++) {
    if (!walkable[s] || room[s]! !== -1) continue;
    room[s] = rooms;
    stack.push(s);
    while (stack.length > 0) {
      const c = stack.pop()!;
      const i = c % nx;
      const visit = (d: number) => {
        if (room[d]! < 0) {
          room[d] = rooms;
          stack.push(d);
        }
      };
      if (east[c]) visit(c + 1);
      if (i > 0 && east[c - 1]) visit(c - 1);
      if (next[c]) visit(c + nx);
      if (c >= nx && next[c - nx]) visit(c - nx);
    }
    rooms++;
  }
  for (let c = 0; c < n; c++) if (room[c] === -2) room[c] = -1;
  return { room, rooms };
}

/** True when (x, y) lies within `tolerance` of a segment listed under cell c. */
function nearAny(
  index: CellIndex,
  segs: readonly Segment[],
  c: number,
  x: number,
  y: number,
  tolerance: number,
): boolean {
  for (let k = index.start[c]!; k < index.start[c + 1]!; k++) {
    const s = segs[index.ids[k]!]!;
    const dx = s.x1 - s.x0;
    const dy = s.y1 - s.y0;
    const len2 = dx * dx + dy * dy;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - s.x0) * dx + (y - s.y0) * dy) / len2)) : 0;
    if (Math.hypot(x - s.x0 - t * dx, y - s.y0 - t * dy) <= tolerance) return true;
  }
  return false;
}
