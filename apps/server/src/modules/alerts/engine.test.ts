import type { Alert, Rule, ZoneEvent } from '@rtls/contract';
import { describe, expect, it } from 'vitest';
import type { Sql } from '../../lib/db.ts';
import type { AlertsRepository } from './alerts-repository.ts';
import { createAlerting, type AlertStores } from './engine.ts';
import type { EventsRepository, NewEvent } from './events-repository.ts';
import type { RulesRepository } from './rules-repository.ts';

const rule = {
  id: 'r1',
  enabled: true,
  type: 'enter',
  zoneId: null,
  mac: null,
  dwellSeconds: 0,
  cooldownSeconds: 0,
} as Rule;

/** Stores whose writes only count once their "transaction" commits. */
function transactional() {
  const committed = { events: [] as ZoneEvent[], alerts: [] as Alert[] };
  const tx = { kind: 'postgres' } as Sql;
  const atomically = async <T>(fn: (s: AlertStores) => Promise<T>): Promise<T> => {
    const pending = { events: [] as ZoneEvent[], alerts: [] as Alert[] };
    const events = {
      recordMany: async (list: readonly NewEvent[]) =>
        list.map((e, i) => {
          const event = { ...e, id: `e${committed.events.length + i}`, at: '' } as ZoneEvent;
          pending.events.push(event);
          return event;
        }),
    } as unknown as EventsRepository;
    const alerts = {
      open: async (_r: Rule, event: ZoneEvent) => {
        const alert = { id: `a-${event.id}`, mapId: event.mapId, event } as Alert;
        pending.alerts.push(alert);
        return { alert, action: 'opened' as const };
      },
    } as unknown as AlertsRepository;
    const out = await fn({ events, alerts, tx });
    committed.events.push(...pending.events);
    committed.alerts.push(...pending.alerts);
    return out;
  };
  return { committed, atomically, tx };
}

describe('alerting engine units of work', () => {
  it('queues durable deliveries in the transaction, retries it whole, and tells live sinks after the commit', async () => {
    const t = transactional();
    const alerting = createAlerting({
      events: {} as EventsRepository,
      alerts: { unresolvedOccurrences: async () => [] } as unknown as AlertsRepository,
      rules: { all: async () => [] } as unknown as RulesRepository,
      mapOwner: async () => 'owner',
      atomically: t.atomically,
    });
    const durable: string[] = [];
    let failures = 1;
    alerting.addSink({
      durable: true,
      event: (e, _owner, tx) => {
        expect(tx).toBe(t.tx);
        if (failures-- > 0) throw new Error('database unreachable');
        durable.push(`event ${e.id}`);
      },
      alert: (u, _owner, tx) => {
        expect(tx).toBe(t.tx);
        durable.push(`${u.action} ${u.alert.id}`);
      },
    });
    const live: string[] = [];
    alerting.addSink({
      event: (e) => {
        // Told after the commit: the event is stored by then.
        expect(t.committed.events.map((x) => x.id)).toContain(e.id);
        live.push(`event ${e.id}`);
      },
      alert: (u) => void live.push(`${u.action} ${u.alert.id}`),
    });
    alerting.happen({ mapId: 'm', type: 'enter', at: 0, zoneId: 'z', mac: 'AA', detail: {} }, [
      rule,
    ]);
    await alerting.settled();
    // The first attempt failed inside the transaction: nothing of it was stored or told.
    expect(t.committed.events).toHaveLength(1);
    expect(t.committed.alerts).toHaveLength(1);
    expect(durable).toEqual(['event e0', 'opened a-e0']);
    expect(live).toEqual(['event e0', 'opened a-e0']);
  });
});
