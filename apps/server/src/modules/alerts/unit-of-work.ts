/**
 * Units of work of the alerting engine: what one unit stores (events, alerts, alert changes) and
 * what durable sinks queue for it commit together; the other sinks hear of it after the commit.
 */
import type { AlertUpdate, ZoneEvent } from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';
import type { AlertsRepository } from './alerts-repository.ts';
import type { EventsRepository } from './events-repository.ts';

/**
 * Where events and alert changes go (live channel, webhooks, MQTT). A durable sink is told inside
 * the transaction that stores the event or change, with that transaction, so what it queues is
 * stored with it or not at all (webhook deliveries survive a crash at any moment); `committed`
 * follows once it is stored. The others are told after the commit.
 */
export interface AlertingSink {
  durable?: boolean;
  event?(event: ZoneEvent, mapOwnerId: string, tx?: Sql): void | Promise<void>;
  alert?(update: AlertUpdate, mapOwnerId: string, tx?: Sql): void | Promise<void>;
  committed?(): void;
}

/** The stores one unit of work writes to, bound to its transaction when there is one. */
export interface AlertStores {
  events: EventsRepository;
  alerts: AlertsRepository;
  tx?: Sql;
}

export type Atomically = <T>(fn: (stores: AlertStores) => Promise<T>) => Promise<T>;

/** What a unit of work stored, to tell the sinks. */
export type Told =
  | { kind: 'event'; mapId: string; payload: ZoneEvent }
  | { kind: 'alert'; mapId: string; payload: AlertUpdate };

/** A unit of work that failed (the database was unreachable) is tried again this many times. */
const ATTEMPTS = 3;
const RETRY_MS = 500;

export function createUnitOfWork(o: {
  /** The engine's sinks (read at each unit: sinks may be added later). */
  sinks: readonly AlertingSink[];
  mapOwner: (mapId: string) => Promise<string | null>;
  atomically: Atomically | undefined;
  stores: AlertStores;
  onError: (err: unknown) => void;
}) {
  const atomically: Atomically = o.atomically ?? ((fn) => fn(o.stores));

  async function tellSink(s: AlertingSink, t: Told, owner: string, tx?: Sql) {
    if (t.kind === 'event') await s.event?.(t.payload, owner, tx);
    else await s.alert?.(t.payload, owner, tx);
  }

  /**
   * Run `work` as one unit: what it stores and what durable sinks queue for it (through `tell`)
   * commit together, retried while the database is unreachable; then the other sinks hear of it.
   */
  return async function unit<T>(
    mapIds: readonly string[],
    work: (s: AlertStores, tell: (t: Told) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    const owners = new Map<string, string | null>();
    for (const id of new Set(mapIds)) owners.set(id, await o.mapOwner(id));
    const durable = o.sinks.filter((s) => s.durable);
    let told: Told[] = [];
    let result!: T;
    for (let attempt = 1; ; attempt++) {
      told = [];
      try {
        result = await atomically((s) =>
          work(s, async (t) => {
            told.push(t);
            const owner = owners.get(t.mapId);
            if (owner) for (const d of durable) await tellSink(d, t, owner, s.tx);
          }),
        );
        break;
      } catch (err) {
        // Without a transaction part of the work may be stored: it is not done twice.
        if (attempt >= (o.atomically ? ATTEMPTS : 1)) throw err;
        await new Promise((r) => setTimeout(r, RETRY_MS * attempt));
      }
    }
    for (const d of durable) d.committed?.();
    for (const t of told) {
      const owner = owners.get(t.mapId);
      if (!owner) continue;
      for (const s of o.sinks) {
        if (s.durable) continue;
        try {
          await tellSink(s, t, owner);
        } catch (err) {
          o.onError(err);
        }
      }
    }
    return result;
  };
}
