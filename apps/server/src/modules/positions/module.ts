/** Wires the positions module: repository, per-owner frames, trail recorder and the service. */
import { statementRows, type Sql } from '../../lib/db.ts';
import { createFrameCache } from './frames.ts';
import { createTrailRecorder } from './recorder.ts';
import { positionsRepository } from './repository.ts';
import { createPositionsService } from './service.ts';
import { workerCore } from './worker-core.ts';

/** What changed: an owner's gateways or devices, a map's geometry, a user's settings. */
export type PositionChange = { kind: 'owner' | 'map' | 'settings'; id: string };

export interface PositionsModuleOptions {
  retentionMinutes: number;
  /** How often an owner's maps, gateways, monitored devices and settings are re-read (ms). */
  framesRefreshMs?: number;
  /** Worker threads that locate devices; 0 (the default here) locates in this thread. */
  workers?: number;
  /** Their module when not the one beside the code (see WorkerCoreOptions.workerFile). */
  workerFile?: string | null;
  /** Tell the other instances of a change made here (they may locate the devices concerned). */
  broadcast?: (change: PositionChange) => void;
  onError?: (err: unknown) => void;
}

export function createPositionsModule(
  sql: Sql,
  {
    retentionMinutes,
    framesRefreshMs,
    workers = 0,
    workerFile,
    broadcast,
    onError,
  }: PositionsModuleOptions,
) {
  const repo = positionsRepository(sql);
  const frames = createFrameCache(repo, framesRefreshMs);
  const recorder = createTrailRecorder(repo, {
    retentionMinutes,
    chunkRows: statementRows(sql),
    ...(onError ? { onError } : {}),
  });
  const service = createPositionsService({
    frames,
    recorder,
    ...(workers > 0
      ? { core: workerCore({ workers, workerFile, ...(onError ? { onError } : {}) }) }
      : {}),
    ...(onError ? { onError } : {}),
  });
  /** Re-locate what a change touches, here only. */
  const apply = ({ kind, id }: PositionChange) => {
    if (kind === 'owner') service.ownerChanged(id);
    else if (kind === 'map') service.mapChanged(id);
    else service.settingsChanged(id);
  };
  const change = (kind: PositionChange['kind']) => (id: string) => {
    apply({ kind, id });
    broadcast?.({ kind, id });
  };
  return {
    repo,
    frames,
    recorder,
    service,
    /** Changes made through this instance: re-located here and on every other instance. */
    changed: { owner: change('owner'), map: change('map'), settings: change('settings') },
    /** A change another instance made. */
    applyRemote: apply,
  };
}
export type PositionsModule = ReturnType<typeof createPositionsModule>;
