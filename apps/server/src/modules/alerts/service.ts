/**
 * What users do with events and alerts: readers of a map read its event log and alerts; owners
 * and editors acknowledge (one or many at once) and resolve alerts (who and when is kept). Without
 * a map, the alert list covers the caller's own and shared maps; a public map's alerts are read by
 * naming it.
 */
import {
  ALERTING_ERRORS,
  ALERTS_MAX_LIMIT,
  type Alert,
  type AlertActor,
  type AlertsAcknowledgeBody,
  type AlertsQuery,
  type EventsQuery,
  type ZoneEvent,
} from '@rtls/contract';
import { badRequest, conflict, HttpError } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/service.ts';
import { can } from '../maps/access.ts';
import type { MapsRepository } from '../maps/repository.ts';
import { mapFor } from '../zones/service.ts';
import type { AlertsRepository } from './alerts-repository.ts';
import type { EventsRepository } from './events-repository.ts';

const alertNotFound = () => new HttpError(404, ALERTING_ERRORS.alertNotFound.en);

function time(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw badRequest(ALERTING_ERRORS.badTime.en);
  return d;
}

export const actorOf = (user: AuthUser): AlertActor => ({
  userId: user.id,
  name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
});

export function alertsService(deps: {
  alerts: AlertsRepository;
  events: EventsRepository;
  maps: MapsRepository;
  /**
   * Store a user's change to an alert of the map with `write`, so that the live channel, webhooks
   * and MQTT hear of it (the engine's userChange).
   */
  change: (
    mapId: string,
    write: (alerts: AlertsRepository) => Promise<Alert | null>,
  ) => Promise<Alert | null>;
  /** The same for a change to many alerts of one map. */
  changeMany: (
    mapId: string,
    write: (alerts: AlertsRepository) => Promise<Alert[]>,
  ) => Promise<Alert[]>;
}) {
  const { alerts, events, maps, change, changeMany } = deps;

  async function actionable(user: AuthUser, alertId: string): Promise<Alert> {
    const alert = await alerts.get(alertId);
    if (!alert) throw alertNotFound();
    const map = await maps.visible(user.id, alert.mapId);
    if (!map) throw alertNotFound();
    await mapFor(maps, user.id, alert.mapId, 'edit');
    return alert;
  }

  return {
    async events(userId: string, mapId: string, q: EventsQuery): Promise<ZoneEvent[]> {
      await mapFor(maps, userId, mapId, 'read');
      const since = time(q.since);
      const before = time(q.before);
      return events.list(mapId, {
        ...(since ? { since } : {}),
        ...(before ? { before } : {}),
        ...(q.type ? { type: q.type } : {}),
        ...(q.zoneId ? { zoneId: q.zoneId } : {}),
        ...(q.mac ? { mac: q.mac } : {}),
        limit: q.limit,
      });
    },
    async list(userId: string, q: AlertsQuery): Promise<Alert[]> {
      if (q.mapId) await mapFor(maps, userId, q.mapId, 'read');
      return alerts.list(userId, {
        ...(q.state ? { state: q.state } : {}),
        ...(q.mapId ? { mapId: q.mapId } : {}),
        limit: q.limit,
      });
    },
    /** Acknowledge: an acknowledged alert answers as it is (idempotent); a resolved one is 409. */
    async acknowledge(user: AuthUser, alertId: string): Promise<Alert> {
      const current = await actionable(user, alertId);
      if (current.state === 'resolved') throw conflict(ALERTING_ERRORS.alertResolved.en);
      const alert = await change(current.mapId, (a) => a.acknowledge(alertId, actorOf(user)));
      return alert ?? (await alerts.get(alertId)) ?? current;
    },
    /**
     * Acknowledge many open alerts: those named (or every one, of one map when named) on maps the
     * user owns or edits; the others are left alone, without saying whether they exist.
     */
    async acknowledgeMany(user: AuthUser, body: AlertsAcknowledgeBody): Promise<Alert[]> {
      if (body.mapId) await mapFor(maps, user.id, body.mapId, 'edit');
      const open = await alerts.openOf(user.id, {
        ...(body.ids ? { ids: body.ids } : {}),
        ...(body.mapId ? { mapId: body.mapId } : {}),
        limit: ALERTS_MAX_LIMIT,
      });
      const byMap = new Map<string, string[]>();
      for (const a of open) byMap.set(a.mapId, [...(byMap.get(a.mapId) ?? []), a.id]);
      const done: Alert[] = [];
      for (const [mapId, ids] of byMap) {
        const map = await maps.visible(user.id, mapId);
        if (!map || !can(map.access_level, 'edit')) continue;
        done.push(...(await changeMany(mapId, (a) => a.acknowledgeMany(ids, actorOf(user)))));
      }
      return done;
    },
    /** Resolve: a resolved alert answers as it is (idempotent). */
    async resolve(user: AuthUser, alertId: string): Promise<Alert> {
      const current = await actionable(user, alertId);
      const alert = await change(current.mapId, (a) => a.resolve(alertId, actorOf(user)));
      return alert ?? (await alerts.get(alertId)) ?? current;
    },
  };
}
export type AlertsService = ReturnType<typeof alertsService>;
