/**
 * "Make zones of enclosed rooms": each area the drafted walls and doors close off that no zone
 * covers yet becomes a zone ("Room 1", "Room 2"…), created one by one through the zones API.
 */
import { useState } from 'react';
import { ZONE_DEFAULT_COLOR, type TrackingMap } from '@rtls/contract';
import { framePixelsPerMetre } from '@rtls/positioning';
import { createZone } from '../../api/zones.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { imageSize } from '../../map/crs.ts';
import { changeFailureText } from '../maps/refusal.ts';
import { useZonesStore } from '../zones/zones-store.ts';
import type { FloorDraft } from './floor-draft.ts';
import { enclosedAreas, roomsToCreate } from './rooms.ts';

export function RoomsToZones({ map, draft }: { map: TrackingMap; draft: FloorDraft }) {
  const { t, language } = useI18n();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);

  const run = async () => {
    const areas = enclosedAreas(draft.model, imageSize(map.settings), framePixelsPerMetre(map));
    const zones = Object.values(useZonesStore.getState().entities);
    const rooms = roomsToCreate(areas, zones, (n) => t('floor.rooms.name', { n }));
    if (rooms.length === 0) return setStatus({ text: t('floor.rooms.none'), failed: false });
    setBusy(true);
    setStatus({ text: t('floor.rooms.creating'), failed: false });
    const created: string[] = [];
    try {
      for (const room of rooms) {
        const zone = await createZone(map._id, { ...room, color: ZONE_DEFAULT_COLOR });
        created.push(zone.name);
      }
      setStatus({
        text: t('floor.rooms.created', { count: created.length, names: created.join(', ') }),
        failed: false,
      });
    } catch (err) {
      console.error('Failed to create zone', err);
      const error = changeFailureText(err, t, language);
      setStatus({ text: t('floor.rooms.failed', { count: created.length, error }), failed: true });
    } finally {
      setBusy(false);
      if (created.length > 0) void useZonesStore.getState().reloadZones(map._id);
    }
  };

  return (
    <div className="floor-rooms">
      <button type="button" className="button" disabled={busy} onClick={() => void run()}>
        {t('floor.rooms.button')}
      </button>
      {status && (
        <p
          className={`small${status.failed ? ' error-text' : ''}`}
          role={status.failed ? 'alert' : 'status'}
          data-testid="floor-rooms-status"
        >
          {status.text}
        </p>
      )}
    </div>
  );
}
