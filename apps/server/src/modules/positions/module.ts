/** Wires the positions module: repository, per-owner frames, trail recorder and the service. */
import type { Sql } from '../../plugins/db.ts';
import { createFrameCache } from './frames.ts';
import { createTrailRecorder } from './recorder.ts';
import { positionsRepository } from './repository.ts';
import { createPositionsService } from './service.ts';

export interface PositionsModuleOptions {
  retentionMinutes: number;
  /** How often an owner's maps, gateways, monitored devices and settings are re-read (ms). */
  framesRefreshMs?: number;
  /** Devices whose positions changed, per owner (to publish them). */
  onLocated?: (ownerId: string, macs: string[]) => void;
  onError?: (err: unknown) => void;
}

export function createPositionsModule(
  sql: Sql,
  { retentionMinutes, framesRefreshMs, onLocated, onError }: PositionsModuleOptions,
) {
  const repo = positionsRepository(sql);
  const frames = createFrameCache(repo, framesRefreshMs);
  const recorder = createTrailRecorder(repo, { retentionMinutes, ...(onError ? { onError } : {}) });
  const service = createPositionsService({
    frames,
    recorder,
    ...(onLocated ? { onLocated } : {}),
    ...(onError ? { onError } : {}),
  });
  return { repo, frames, recorder, service };
}
export type PositionsModule = ReturnType<typeof createPositionsModule>;
