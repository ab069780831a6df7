/**
 * MQTT output per account: located positions, zone presence, occupancy and events on the account's
 * topic tree, and a Home Assistant device_tracker per monitored device (discovery config, state =
 * the zone's name or not_home, attributes). Nothing is published for accounts that have not
 * turned output on, and nothing before a broker is attached.
 */
import {
  HA_NOT_HOME,
  type MqttOutputBody,
  type MqttOutputSettings,
  type ZoneEvent,
} from '@rtls/contract';
import type { MqttOutput } from '../ingest/mqtt-ingest.ts';
import type { AlertingSink } from '../alerts/engine.ts';
import type { LocatedFix, PresenceListener } from '../presence/service.ts';
import { presentPresence } from '../presence/service.ts';
import type { MqttOutputRepository } from './repository.ts';
import { haDiscovery, haObjectId, outputPrefix, topics } from './topics.ts';

export function createMqttOutput(opts: {
  repo: MqttOutputRepository;
  locatedOf: (ownerId: string, mac: string) => readonly LocatedFix[];
  onError: (err: unknown) => void;
}) {
  const { repo, locatedOf, onError } = opts;
  let sink: { output: MqttOutput; embedded: boolean } | null = null;
  let enabled = new Map<string, MqttOutputSettings>();
  /** Discovery configs sent, per account: mac → object id. */
  const announced = new Map<string, Map<string, string>>();

  const send = (topic: string, payload: unknown, retain: boolean) =>
    sink?.output.publish(
      topic,
      typeof payload === 'string' ? payload : JSON.stringify(payload),
      retain,
    );

  /** Send (again) the discovery config of each monitored device of the account. */
  async function announce(ownerId: string) {
    const s = enabled.get(ownerId);
    if (!sink || !s?.homeAssistant) return;
    const done = new Map<string, string>();
    announced.set(ownerId, done);
    for (const d of await repo.monitored(ownerId)) {
      const config = haDiscovery(ownerId, d.mac, d.name);
      send(
        topics.haConfig(ownerId, config.object_id, s.discoveryPrefix, sink.embedded),
        config,
        true,
      );
      done.set(d.mac, config.object_id);
    }
  }

  /** Remove the account's Home Assistant entities (an empty retained config deletes one). */
  function withdraw(ownerId: string, s: MqttOutputSettings) {
    for (const id of announced.get(ownerId)?.values() ?? [])
      send(topics.haConfig(ownerId, id, s.discoveryPrefix, sink?.embedded ?? true), '', true);
    announced.delete(ownerId);
  }

  const presence: PresenceListener = {
    changed(track, _transitions, map) {
      const s = enabled.get(track.ownerId);
      if (!s || !sink) return;
      const zone = track.zoneId === null ? undefined : map.shapes.byId.get(track.zoneId);
      const body = { ...presentPresence(track), zoneName: zone?.name ?? null };
      send(topics.zone(track.ownerId, track.mapId, track.mac), body, true);
      if (!s.homeAssistant) return;
      if (!announced.get(track.ownerId)?.has(track.mac))
        void announce(track.ownerId).catch(onError);
      const id = haObjectId(track.ownerId, track.mac);
      // Unknown keeps the last zone until it exits; no zone is not_home.
      send(topics.haState(track.ownerId, id), zone?.name ?? HA_NOT_HOME, true);
      send(
        topics.haAttributes(track.ownerId, id),
        { ...body, mapName: map.info.name, source_type: 'bluetooth_le' },
        true,
      );
    },
    occupancy(occ, map) {
      const owner = map.info.ownerId;
      if (!enabled.has(owner) || !sink) return;
      for (const z of occ.zones) {
        const name = map.shapes.byId.get(z.zoneId)?.name ?? null;
        send(topics.occupancy(owner, occ.mapId, z.zoneId), { ...z, name, at: occ.at }, true);
      }
    },
  };

  const events: AlertingSink = {
    event(e: ZoneEvent, mapOwnerId: string) {
      if (enabled.has(mapOwnerId)) send(topics.events(mapOwnerId, e.mapId), e, false);
    },
  };

  return {
    presence,
    events,
    /** The positions service handed these devices over: publish their positions. */
    located(ownerId: string, macs: readonly string[]) {
      if (!sink || !enabled.has(ownerId)) return;
      const at = new Date().toISOString();
      for (const mac of macs)
        for (const f of locatedOf(ownerId, mac))
          send(
            topics.position(ownerId, f.mapId, mac),
            { mac, mapId: f.mapId, ...f.position, confidence: f.triangulationInfo.confidence, at },
            false,
          );
    },
    /** Publish on this broker from now on (the embedded one keeps discovery in each prefix). */
    attach(output: MqttOutput, embedded: boolean) {
      sink = { output, embedded };
      for (const owner of enabled.keys()) void announce(owner).catch(onError);
    },
    async start() {
      enabled = await repo.enabled();
    },
    settings: (ownerId: string) => repo.get(ownerId),
    async update(ownerId: string, body: MqttOutputBody): Promise<MqttOutputSettings> {
      const current = await repo.get(ownerId);
      const next = { ...current, ...body };
      await repo.put(ownerId, next);
      if (current.enabled && current.homeAssistant) withdraw(ownerId, current);
      if (next.enabled) enabled.set(ownerId, next);
      else enabled.delete(ownerId);
      await announce(ownerId);
      return next;
    },
    prefixOf: outputPrefix,
    brokers: () => ({ embedded: sink?.embedded ?? false, external: sink ? !sink.embedded : false }),
  };
}
export type MqttOutputService = ReturnType<typeof createMqttOutput>;
