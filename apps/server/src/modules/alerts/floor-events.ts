/**
 * floor_change events: the positions service moved a device from one floor of a building to
 * another. Recorded on the floor it moved to, with both floors' names as they are now, and checked
 * against that map's floor_change rules like any other event (so webhooks, MQTT output and alerts
 * hear of it).
 */
import type { EventDetail } from '@rtls/contract';
import type { FloorChange } from '../positions/device-floors.ts';
import type { Alerting } from './engine.ts';

export interface FloorEventsOptions {
  alerting: Pick<Alerting, 'happen' | 'rulesOf' | 'matches'>;
  /** A map's name, or null when it is gone. */
  mapName: (mapId: string) => Promise<string | null>;
  onError: (err: unknown) => void;
}

/** A listener for the positions service's floor changes that records each as one event. */
export function createFloorEvents({ alerting, mapName, onError }: FloorEventsOptions) {
  async function record(mac: string, change: FloorChange) {
    const [fromFloor, toFloor] = await Promise.all([mapName(change.from), mapName(change.to)]);
    // The floor the device moved to was deleted meanwhile: there is no log to record it in.
    if (toFloor === null) return;
    const detail: EventDetail = {
      fromMapId: change.from,
      ...(fromFloor === null ? {} : { fromFloor }),
      toFloor,
      fromLevel: change.fromLevel,
      toLevel: change.toLevel,
      buildingId: change.buildingId,
    };
    const matching = alerting
      .rulesOf(change.to)
      .filter((r) => alerting.matches(r, 'floor_change', null, mac));
    alerting.happen(
      {
        mapId: change.to,
        type: 'floor_change',
        at: change.at,
        zoneId: null,
        mac,
        detail,
        once: `floor_change|${mac}|${change.to}|${change.at}`,
      },
      matching,
    );
  }
  return (_ownerId: string, mac: string, change: FloorChange): void => {
    record(mac, change).catch(onError);
  };
}
