/** Wires the trails module: repository, per-owner frames, trail recorder and server positions. */
import type { Sql } from '../../plugins/db.ts';
import { createFrameCache } from './frames.ts';
import { createPositions } from './positions.ts';
import { createTrailRecorder } from './recorder.ts';
import { trailsRepository } from './repository.ts';

export interface TrailsOptions {
  retentionMinutes: number;
  /** How often an owner's maps, gateways, monitored devices and settings are re-read (ms). */
  framesRefreshMs?: number;
  onError?: (err: unknown) => void;
}

export function createTrails(
  sql: Sql,
  { retentionMinutes, framesRefreshMs, onError }: TrailsOptions,
) {
  const repo = trailsRepository(sql);
  const frames = createFrameCache(repo, framesRefreshMs);
  const recorder = createTrailRecorder(repo, { retentionMinutes, onError });
  const positions = createPositions({ frames, recorder, onError });
  return { repo, frames, recorder, positions };
}
export type Trails = ReturnType<typeof createTrails>;
