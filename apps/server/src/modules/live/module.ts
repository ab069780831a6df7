/**
 * The live path, one step each: ingest's reports are taken (intake.ts) before they are stored,
 * sent through the positions stream to the one process that receives their device, received
 * there (signal cache, server positions, update throttle), and their devices published to the
 * realtime fan-out. Devices whose positions change are published when positions announce them;
 * updates another instance published are merged into this one's signals and positions.
 */
import { INGEST_MAX_BATCH } from '@rtls/contract';
import type { LocatedOnMap } from '../positions/core.ts';
import type { PublishedDevice } from '../realtime/fan-out.ts';
import type { CleanReport } from '../ingest/validate.ts';
import { createOwnerCache } from '../../lib/owner-cache.ts';
import { createAmqpStream } from './amqp-stream.ts';
import { liveUpdate } from './device-update.ts';
import { createIntake } from './intake.ts';
import {
  DEFAULT_PARTITIONS,
  DEFAULT_QUEUE_PREFIX,
  oneProcessStream,
  type PositionsStream,
} from './positions-stream.ts';
import type { LiveRepository } from './repository.ts';
import { createSignalCache } from './signal-cache.ts';
import { createLiveThrottle } from './throttle.ts';

/** Server positions as the live path uses them. */
export interface LivePositions {
  /** Every report received here, oldest first per owner. */
  observe(ownerId: string, reports: readonly CleanReport[]): Promise<void>;
  /** Where a device is now, one entry per map it is located on. */
  locatedOf(ownerId: string, mac: string): LocatedOnMap[];
  /** The maps a device has just left, while its change is announced. */
  leftMaps(ownerId: string, mac: string): readonly string[];
  /** Where another instance, which locates the device, published it. */
  adoptRemote(ownerId: string, mac: string, located: readonly LocatedOnMap[]): void;
  /** Listen to devices whose positions changed. */
  onLocated(listener: (ownerId: string, macs: readonly string[]) => void): void;
}

/** The realtime fan-out as the live path uses it. */
export interface LiveRealtime {
  /** Publish one owner's devices to the sockets of every instance. */
  publish(ownerId: string, devices: PublishedDevice[]): void;
  /** Listen to the devices other instances published. */
  onRemoteUpdates(listener: (ownerId: string, devices: PublishedDevice[]) => void): void;
}

export interface LiveModuleOptions {
  repo: LiveRepository;
  positions: LivePositions;
  realtime: LiveRealtime;
  /** RabbitMQ (amqp://…) of the positions stream; null: this process receives every device. */
  streamUrl: string | null;
  /** Partition queue names are `<prefix>.<k>`; DEFAULT_QUEUE_PREFIX when absent. */
  streamPrefix?: string;
  /**
   * Most reports taken but not yet sent. Past it, ingest waits for sending to catch up before it
   * takes more (and its callers for their answer), so a burst faster than publishing cannot grow
   * memory.
   */
  maxUnsent?: number;
  /** Least time between two updates of a device for reports alone (ms); see throttle.ts. */
  updateIntervalMs?: number;
  /** Called once a caller's reports are sent on: ms since they were taken. */
  onSent?: (latencyMs: number, reports: number) => void;
  onError?: (err: unknown) => void;
  /** The positions stream's connection and delivery errors. */
  onStreamError?: (err: unknown) => void;
}

export function createLiveModule(opts: LiveModuleOptions) {
  const { repo, positions, realtime, onError } = opts;
  const report = (err: unknown) => onError?.(err);
  const cache = createSignalCache();
  /** Configured device names per owner, re-read every few seconds rather than per report. */
  const names = createOwnerCache(repo.names);
  const throttle = createLiveThrottle({
    ...(opts.updateIntervalMs === undefined ? {} : { intervalMs: opts.updateIntervalMs }),
    publish: publishNewest,
    onError,
  });
  const stream: PositionsStream<CleanReport> = opts.streamUrl
    ? createAmqpStream({
        url: opts.streamUrl,
        receive,
        partitions: DEFAULT_PARTITIONS,
        prefix: opts.streamPrefix ?? DEFAULT_QUEUE_PREFIX,
        onError: opts.onStreamError,
      })
    : oneProcessStream(receive, opts.onStreamError);
  const intake = createIntake({
    send: stream.send,
    maxUnsent: opts.maxUnsent ?? 4 * INGEST_MAX_BATCH,
    onSent: opts.onSent,
    onError,
  });
  const sweeper = setInterval(() => {
    cache.sweep();
    names.sweep(10 * 60_000);
  }, 60_000);
  sweeper.unref();

  /** One device as published: its signals now, where it is located and the maps it just left. */
  function published(ownerId: string, mac: string, lastSeen: number, nowMs: number) {
    return {
      update: liveUpdate(
        mac,
        names.get(ownerId)?.get(mac) ?? mac,
        cache.snapshot(ownerId, mac, nowMs),
        lastSeen,
        nowMs,
      ),
      located: positions.locatedOf(ownerId, mac),
      left: positions.leftMaps(ownerId, mac),
    };
  }

  /** Publish devices as the cache holds them now. */
  function publishNewest(ownerId: string, macs: readonly string[]) {
    const nowMs = Date.now();
    const devices: PublishedDevice[] = [];
    for (const mac of macs) {
      const newest = cache.newest(ownerId, mac);
      if (newest !== null) devices.push(published(ownerId, mac, newest, nowMs));
    }
    if (devices.length > 0) realtime.publish(ownerId, devices);
  }

  /**
   * Reports of one owner on the process that receives their devices, oldest first: their
   * signals, their positions and the update of every device they touch. Only reports newer than
   * what the cache holds of their link count: a redelivery, a retry after a failed store, or a
   * report older than the same gateway's last of the device adds nothing.
   */
  async function receive(ownerId: string, reports: readonly CleanReport[]) {
    /** Newest report time per device. */
    const touched = new Map<string, number>();
    const fresh: CleanReport[] = [];
    for (const r of reports) {
      if (!cache.put(ownerId, r)) continue;
      fresh.push(r);
      const prev = touched.get(r.device);
      if (prev === undefined || r.receivedAt > prev) touched.set(r.device, r.receivedAt);
    }
    if (touched.size === 0) return;
    await Promise.all([
      // Without names or positions the updates still go out (MAC as name, no position).
      names.prepare([ownerId], report).catch(report),
      positions.observe(ownerId, fresh).catch(report),
    ]);
    const nowMs = Date.now();
    const devices: PublishedDevice[] = [];
    for (const [mac, lastSeen] of touched)
      if (throttle.admit(ownerId, mac, nowMs))
        devices.push(published(ownerId, mac, lastSeen, nowMs));
    if (devices.length > 0) realtime.publish(ownerId, devices);
  }

  // A device whose position changed is published at once, with its signals as the cache holds
  // them; its next update for reports alone waits for the throttle's interval.
  positions.onLocated((ownerId, macs) => {
    const nowMs = Date.now();
    for (const mac of macs) throttle.sent(ownerId, mac, nowMs);
    publishNewest(ownerId, macs);
  });

  // Shared MQTT subscriptions split a device's reports between instances: the signals another
  // instance published join this cache, so this instance's next update of the device shows every
  // gateway that heard it, and its positions are the device's here too unless this one locates it.
  realtime.onRemoteUpdates((ownerId, devices) => {
    for (const d of devices) {
      cache.merge(ownerId, d.update.mac, d.update.signal);
      positions.adoptRemote(ownerId, d.update.mac, d.located);
    }
  });

  return {
    /** Ingest's port: every accepted report is taken here. */
    intake,
    /** The positions stream, for /readyz and /metrics. */
    stream,

    /** Fill the signal cache from the database, so updates after a restart are complete. */
    async warm(sinceMs = Date.now() - 3600_000) {
      for (const r of await repo.recentSignals(sinceMs)) {
        cache.put(r.owner_id, {
          device: r.device_mac,
          gateway: r.gateway_mac,
          rssi: r.rssi,
          receivedAt: new Date(r.received_at).getTime(),
          ip: r.ip,
        });
      }
    },

    /** Send what was taken, stop the throttle, and close the positions stream. */
    async close() {
      clearInterval(sweeper);
      throttle.close();
      await intake.sent();
      await stream.close();
    },
  };
}
export type LiveModule = ReturnType<typeof createLiveModule>;
