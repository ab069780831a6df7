/**
 * Simulated report streams from the realistic channel (packages/positioning radio-sim): tags
 * worn by people walking between random points with pauses, or standing still, each with its own
 * transmit level and packet rate (1–50 Hz per gateway), on a site with its own path-loss exponent,
 * gateway offsets and correlated shadowing.
 */
import { createChannel, type ChannelModel } from '@rtls/positioning';
import { SIM_ANCHORS } from './sim.ts';
import { rng } from './stats.ts';
import type { StreamReport, StreamSet, Track } from './streams.ts';

const HALL = { width: 20, height: 15 };

interface Pose {
  tMs: number;
  x: number;
  y: number;
  heading: number;
}

/** A walker's poses every 100 ms: to a random point at 0.8–1.4 m/s, pause 0–8 s, again. */
function walk(rand: () => number, seconds: number, still: boolean): Pose[] {
  const poses: Pose[] = [];
  let x = 1 + rand() * (HALL.width - 2);
  let y = 1 + rand() * (HALL.height - 2);
  let heading = rand() * 2 * Math.PI;
  let target = { x, y };
  let pause = still ? Infinity : rand() * 3;
  const speed = 0.8 + rand() * 0.6;
  for (let t = 0; t <= seconds * 1000; t += 100) {
    poses.push({ tMs: t, x, y, heading });
    if (pause > 0) {
      pause -= 0.1;
      if (pause <= 0)
        target = { x: 1 + rand() * (HALL.width - 2), y: 1 + rand() * (HALL.height - 2) };
      continue;
    }
    const dx = target.x - x;
    const dy = target.y - y;
    const d = Math.hypot(dx, dy);
    if (d < speed * 0.1) {
      pause = rand() * 8;
      continue;
    }
    heading = Math.atan2(dy, dx);
    x += (dx / d) * speed * 0.1;
    y += (dy / d) * speed * 0.1;
  }
  return poses;
}

/** A simulated site and `tags` recordings of `seconds` each (a third of them standing still). */
export function simulatedSet(
  name: string,
  seed: number,
  choose: boolean,
  model: Partial<ChannelModel> = {},
  tags = 12,
  seconds = 120,
): StreamSet {
  const rand = rng(seed);
  const channel = createChannel(SIM_ANCHORS, rand, model);
  const tracks: Track[] = [];
  for (let k = 0; k < tags; k++) {
    const poses = walk(rand, seconds, k % 3 === 2);
    const txDbm = -66 + 14 * rand();
    const hz = Math.exp(Math.log(1) + rand() * Math.log(50));
    const reports: StreamReport[] = [];
    for (const gw of SIM_ANCHORS) {
      for (let t = rand() * (1000 / hz); t < seconds * 1000; t += (1000 / hz) * (0.5 + rand())) {
        const p = poses[Math.min(poses.length - 1, Math.round(t / 100))]!;
        const rssi = channel.packet(gw, { ...p, txDbm }, rand);
        if (rssi !== null) reports.push({ tMs: Math.round(t), gateway: gw.id, rssi });
      }
    }
    reports.sort((a, b) => a.tMs - b.tMs);
    const truth = (tMs: number) =>
      poses[Math.min(poses.length - 1, Math.max(0, Math.round(tMs / 100)))]!;
    tracks.push({ device: `${name}-${k}`, reports, truth });
  }
  return { name, anchors: SIM_ANCHORS, tracks, choose };
}
