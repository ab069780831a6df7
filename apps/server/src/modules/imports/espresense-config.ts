/**
 * An ESPresense-companion `config.yaml`, read into what the product builds from it: one map per
 * floor (its bounds in metres give the size and scale, its rooms the floor plan) and each node
 * placed as a named gateway on the floor its height falls in. Coordinates are metres with the
 * companion's origin (bottom-left unless `map.flip_y: false`); maps are pixels from the top left.
 */
import { parse } from 'yaml';
import { macFromName } from '../ingest/formats/index.ts';
import { espresenseGatewayKey } from '../ingest/formats/espresense.ts';

/** The longer side of an imported floor plan, in pixels. */
const PLAN_PIXELS = 1200;

export interface ImportedRoom {
  name: string;
  /** Polygon in map pixels. */
  points: { x: number; y: number }[];
}

export interface ImportedFloor {
  id: string;
  name: string;
  pixelsPerMetre: number;
  size: { width: number; height: number };
  rooms: ImportedRoom[];
}

export interface ImportedNode {
  name: string;
  mac: string;
  floorId: string;
  position: { x: number; y: number };
}

export interface ImportPlan {
  floors: ImportedFloor[];
  nodes: ImportedNode[];
  skipped: { name: string; reason: string }[];
}

export class ConfigError extends Error {}

type Vec = number[];
interface Floor {
  id: string;
  name: string;
  min: Vec;
  max: Vec;
  rooms: { name: string; points: Vec[] }[];
}

const isVec = (v: unknown, n: number): v is Vec =>
  Array.isArray(v) && v.length >= n && v.slice(0, n).every((x) => Number.isFinite(x));
const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const rec = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function readFloor(raw: unknown, i: number): Floor {
  const f = rec(raw);
  const id = str(f.id) || `floor${i + 1}`;
  const [lo, hi] = list(f.bounds);
  if (!isVec(lo, 2) || !isVec(hi, 2) || hi[0]! <= lo[0]! || hi[1]! <= lo[1]!)
    throw new ConfigError(`Floor ${id}: bounds must be [[x, y, z], [x, y, z]] in metres`);
  const rooms = list(f.rooms).map((r) => ({
    name: str(rec(r).name),
    points: list(rec(r).points).filter((p): p is Vec => isVec(p, 2)),
  }));
  return { id, name: str(f.name) || id, min: lo, max: hi, rooms };
}

/** The floor a node belongs to: the listed floor whose height range holds it, else the first. */
function floorOf(node: Record<string, unknown>, point: Vec, floors: Floor[]): Floor | undefined {
  const listed = list(node.floors).map(str);
  const candidates = floors.filter((f) => listed.length === 0 || listed.includes(f.id));
  const z = point[2];
  const holds = (f: Floor) =>
    z === undefined || f.min[2] === undefined || f.max[2] === undefined
      ? true
      : z >= f.min[2] && z < f.max[2];
  return candidates.find(holds) ?? candidates[0];
}

/** Read a companion config; a ConfigError says what is wrong with it. */
export function readEspresenseConfig(text: string): ImportPlan {
  let doc: unknown;
  try {
    doc = parse(text, { maxAliasCount: 100 });
  } catch (err) {
    throw new ConfigError(`The file is not valid YAML: ${(err as Error).message.split('\n')[0]}`);
  }
  const root = rec(doc);
  const floors = list(root.floors).map(readFloor);
  if (floors.length === 0) throw new ConfigError('The configuration has no floors');
  const flipY = rec(root.map).flip_y !== false;
  const flipX = rec(root.map).flip_x === true;
  const scale = (f: Floor) => PLAN_PIXELS / Math.max(f.max[0]! - f.min[0]!, f.max[1]! - f.min[1]!);
  const toPixels = (f: Floor, p: Vec) => {
    const s = scale(f);
    const x = flipX ? f.max[0]! - p[0]! : p[0]! - f.min[0]!;
    const y = flipY ? f.max[1]! - p[1]! : p[1]! - f.min[1]!;
    return { x: Math.round(x * s * 10) / 10, y: Math.round(y * s * 10) / 10 };
  };
  const plan: ImportPlan = {
    floors: floors.map((f) => ({
      id: f.id,
      name: f.name,
      pixelsPerMetre: Math.round(scale(f) * 1000) / 1000,
      size: {
        width: Math.round((f.max[0]! - f.min[0]!) * scale(f)),
        height: Math.round((f.max[1]! - f.min[1]!) * scale(f)),
      },
      rooms: f.rooms.map((r) => ({ name: r.name, points: r.points.map((p) => toPixels(f, p)) })),
    })),
    nodes: [],
    skipped: [],
  };
  for (const raw of list(root.nodes)) {
    const n = rec(raw);
    const name = str(n.name) || str(n.id);
    if (!name) continue;
    if (n.stationary === false) {
      plan.skipped.push({ name, reason: 'not stationary' });
      continue;
    }
    const point = n.point;
    const floor = isVec(point, 2) ? floorOf(n, point, floors) : undefined;
    if (!floor || !isVec(point, 2)) {
      plan.skipped.push({ name, reason: 'no point on a known floor' });
      continue;
    }
    plan.nodes.push({
      name,
      mac: macFromName(espresenseGatewayKey(str(n.id) || name)),
      floorId: floor.id,
      position: toPixels(floor, point),
    });
  }
  return plan;
}
