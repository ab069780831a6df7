/**
 * Tags walking the demo floor as people do: from a spot in one room out through its door, along
 * the corridors, in through another door to a spot in another room (or to a spot in the
 * corridors), a pause, and on again at walking speed. Every leg is a straight line inside one
 * room or corridor, so a walker never passes through a wall nor leaves the building.
 */
import { CROSS_CORRIDOR, MAIN_CORRIDOR, ROOMS, type Room } from './plan.ts';

interface Point {
  x: number;
  y: number;
}

/** Distance kept from walls when choosing a spot in a room (m). */
const ROOM_MARGIN_M = 1;
/** A walker steps this far into a room past its door before turning to its spot (m). */
const INSIDE_DOOR_M = 1;
/** Share of trips that end in a corridor rather than a room. */
const CORRIDOR_TRIPS = 0.15;

const MAIN_Y = (MAIN_CORRIDOR.y0 + MAIN_CORRIDOR.y1) / 2;
const CROSS_X = (CROSS_CORRIDOR.x0 + CROSS_CORRIDOR.x1) / 2;

/**
 * The corridors' walking graph: the main corridor's centre line with a stop in front of every
 * door and at both ends, and the cross corridor's centre line. Node i: the coordinate along its
 * corridor; 'main' nodes lie at y = MAIN_Y, 'cross' nodes at x = CROSS_X.
 */
interface CorridorNode {
  id: number;
  along: 'main' | 'cross';
  at: number;
}
const mainStops = [
  ...new Set([MAIN_CORRIDOR.x0 + 2, CROSS_X, MAIN_CORRIDOR.x1 - 2, ...ROOMS.map((r) => r.door.x)]),
].sort((a, b) => a - b);
const crossStops = [CROSS_CORRIDOR.y0 + 2, 10, 30, CROSS_CORRIDOR.y1 - 2];
const NODES: CorridorNode[] = [
  ...mainStops.map((at) => ({ along: 'main' as const, at })),
  ...crossStops.map((at) => ({ along: 'cross' as const, at })),
].map((n, id) => ({ ...n, id }));
const CROSSING = NODES.find((n) => n.along === 'main' && n.at === CROSS_X)!;

/** Neighbours along each corridor line; the crossing joins the two lines. */
const LINKS: number[][] = NODES.map(() => []);
function link(a: CorridorNode, b: CorridorNode) {
  LINKS[a.id]!.push(b.id);
  LINKS[b.id]!.push(a.id);
}
for (let i = 1; i < mainStops.length; i++) link(NODES[i - 1]!, NODES[i]!);
const crossLine = [...NODES.filter((n) => n.along === 'cross'), { ...CROSSING, at: MAIN_Y }].sort(
  (a, b) => a.at - b.at,
);
for (let i = 1; i < crossLine.length; i++)
  link(NODES[crossLine[i - 1]!.id]!, NODES[crossLine[i]!.id]!);

/** A node's point for a walker keeping `lane` metres off the corridor's centre line. */
function nodePoint(n: CorridorNode, lane: number): Point {
  if (n.id === CROSSING.id) return { x: CROSS_X + lane, y: MAIN_Y + lane };
  return n.along === 'main' ? { x: n.at, y: MAIN_Y + lane } : { x: CROSS_X + lane, y: n.at };
}

/** Shortest corridor route between two nodes (Dijkstra over a few dozen nodes). */
function corridorRoute(from: number, to: number): number[] {
  const dist = NODES.map(() => Infinity);
  const prev: (number | null)[] = NODES.map(() => null);
  const done = new Set<number>();
  dist[from] = 0;
  while (done.size < NODES.length) {
    let u = -1;
    for (let i = 0; i < NODES.length; i++)
      if (!done.has(i) && (u < 0 || dist[i]! < dist[u]!)) u = i;
    if (u < 0 || dist[u] === Infinity || u === to) break;
    done.add(u);
    for (const v of LINKS[u]!) {
      const a = nodePoint(NODES[u]!, 0);
      const b = nodePoint(NODES[v]!, 0);
      const d = dist[u]! + Math.hypot(a.x - b.x, a.y - b.y);
      if (d < dist[v]!) [dist[v], prev[v]] = [d, u];
    }
  }
  const path: number[] = [];
  for (let at: number | null = to; at !== null; at = prev[at]!) path.unshift(at);
  return path;
}

/** The main-corridor node in front of a room's door. */
const doorNode = (r: Room) => NODES.find((n) => n.along === 'main' && n.at === r.door.x)!;
/** The point just inside a room's door. */
const insideDoor = (r: Room): Point => ({
  x: r.door.x,
  y: r.door.y + (r.side === 'north' ? -INSIDE_DOOR_M : INSIDE_DOOR_M),
});

/** Where a walker is headed or stands: a spot in a room, or a corridor node. */
type Place = { room: Room; spot: Point } | { node: CorridorNode };

export interface Walker {
  x: number;
  y: number;
  /** Direction the walker faces (radians, plan axes): where it last walked. */
  heading: number;
  /** True while the walker stands still (pausing at a spot). */
  readonly paused: boolean;
  step(dtS: number): void;
}

export function createWalker(seed: number, rand: () => number = Math.random): Walker {
  const spotIn = (room: Room): Point => ({
    x: room.x0 + ROOM_MARGIN_M + rand() * (room.x1 - room.x0 - 2 * ROOM_MARGIN_M),
    y: room.y0 + ROOM_MARGIN_M + rand() * (room.y1 - room.y0 - 2 * ROOM_MARGIN_M),
  });
  /** Each walker keeps to its own side of the corridors. */
  const lane = (rand() - 0.5) * 2;
  const speed = 0.9 + rand() * 0.6; // m/s
  const startRoom = ROOMS[seed % ROOMS.length]!;
  let here: Place = { room: startRoom, spot: spotIn(startRoom) };
  let path: Point[] = [];
  let pauseS = rand() * 3;

  function nextPlace(): Place {
    if (rand() < CORRIDOR_TRIPS) return { node: NODES[Math.floor(rand() * NODES.length)]! };
    const room = ROOMS[Math.floor(rand() * ROOMS.length)]!;
    return { room, spot: spotIn(room) };
  }

  /** The legs from `from` to `to`: out through a door, the corridors, in through a door. */
  function legs(from: Place, to: Place): Point[] {
    if ('room' in from && 'room' in to && from.room === to.room) return [to.spot];
    const out: Point[] = [];
    const start = 'room' in from ? doorNode(from.room) : from.node;
    const end = 'room' in to ? doorNode(to.room) : to.node;
    if ('room' in from) out.push(insideDoor(from.room), from.room.door);
    out.push(...corridorRoute(start.id, end.id).map((id) => nodePoint(NODES[id]!, lane)));
    if ('room' in to) out.push(to.room.door, insideDoor(to.room), to.spot);
    return out;
  }

  const start = (here as { spot: Point }).spot;
  const w: Walker = {
    x: start.x,
    y: start.y,
    heading: rand() * 2 * Math.PI,
    get paused() {
      return pauseS > 0 || path.length === 0;
    },
    step(dtS) {
      if (pauseS > 0) {
        pauseS -= dtS;
        return;
      }
      if (path.length === 0) {
        const to = nextPlace();
        path = legs(here, to);
        here = to;
      }
      let budget = speed * dtS;
      while (budget > 0 && path.length > 0) {
        const next = path[0]!;
        const dx = next.x - w.x;
        const dy = next.y - w.y;
        const dist = Math.hypot(dx, dy);
        if (dist > 0) w.heading = Math.atan2(dy, dx);
        if (dist <= budget) {
          w.x = next.x;
          w.y = next.y;
          budget -= dist;
          path.shift();
          if (path.length === 0) pauseS = 'room' in here ? 20 + rand() * 70 : rand() * 3;
        } else {
          w.x += (dx / dist) * budget;
          w.y += (dy / dist) * budget;
          budget = 0;
        }
      }
    },
  };
  return w;
}
