/** Tags walking the building graph: to a random room, pause, and on again, at walking speed. */
import { EDGES, NODES, type NodeM } from './building.ts';

const byId = new Map(NODES.map((n) => [n.id, n]));
const neighbours = new Map<string, string[]>();
for (const [a, b] of EDGES) {
  neighbours.set(a, [...(neighbours.get(a) ?? []), b]);
  neighbours.set(b, [...(neighbours.get(b) ?? []), a]);
}
const roomIds = NODES.filter((n) => n.kind === 'room').map((n) => n.id);

/** Shortest path by breadth-first search (the graph is small and unweighted enough). */
function route(from: string, to: string): string[] {
  const prev = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const cur = queue.shift()!;
    if (cur === to) break;
    for (const nb of neighbours.get(cur) ?? []) {
      if (prev.has(nb)) continue;
      prev.set(nb, cur);
      queue.push(nb);
    }
  }
  const path: string[] = [];
  for (let at: string | null | undefined = to; at; at = prev.get(at)) path.unshift(at);
  return path;
}

export interface Walker {
  x: number;
  y: number;
  step(dtS: number): void;
}

export function createWalker(seed: number, rand: () => number = Math.random): Walker {
  const start = byId.get(roomIds[seed % roomIds.length]!)!;
  let path: NodeM[] = [];
  let pauseS = rand() * 3;
  const speed = 0.9 + rand() * 0.6; // m/s
  const w: Walker = {
    x: start.x + (rand() - 0.5) * 2,
    y: start.y + (rand() - 0.5) * 2,
    step(dtS) {
      if (pauseS > 0) {
        pauseS -= dtS;
        return;
      }
      if (path.length === 0) {
        const here = nearestNode(w.x, w.y);
        const target = roomIds[Math.floor(rand() * roomIds.length)]!;
        path = route(here.id, target).map((id) => byId.get(id)!);
      }
      let budget = speed * dtS;
      while (budget > 0 && path.length > 0) {
        const next = path[0]!;
        const dx = next.x - w.x;
        const dy = next.y - w.y;
        const dist = Math.hypot(dx, dy);
        if (dist <= budget) {
          w.x = next.x;
          w.y = next.y;
          budget -= dist;
          path.shift();
          if (path.length === 0 && next.kind === 'room') pauseS = 2 + rand() * 8;
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

function nearestNode(x: number, y: number): NodeM {
  let best = NODES[0]!;
  let bestD = Infinity;
  for (const n of NODES) {
    const d = Math.hypot(n.x - x, n.y - y);
    if (d < bestD) [best, bestD] = [n, d];
  }
  return best;
}
