/**
 * The Zones tab: the current map's zones with their occupancy, drawing and editing them (owners and
 * editors), its walls and doors (the floor editor), and the map's rules.
 */
import { useEffect } from 'react';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { FloorSection } from '../floor/FloorSection.tsx';
import { useFloorStore } from '../floor/floor-store.ts';
import { canEdit } from '../maps/access.ts';
import { useCurrentMap } from '../maps/maps-store.ts';
import { EventLog } from './EventLog.tsx';
import { RulesSection } from './RulesSection.tsx';
import { ZoneDraftForm } from './ZoneDraftForm.tsx';
import { ZoneList } from './ZoneList.tsx';
import { useZonesStore } from './zones-store.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';

export function ZonesPanel() {
  const { t } = useI18n();
  const map = useCurrentMap();
  const drafting = useZonesStore((s) => s.draft !== null);
  const editingFloor = useFloorStore((s) => s.draft !== null);
  const loading = useZonesStore((s) => s.loading);
  const error = useZonesStore((s) => s.error);
  const unknown = useZonesStore((s) => s.unknown);
  const hasZones = useZonesStore((s) => Object.keys(s.entities).length > 0);
  // The zone's name and Save live here: leaving the tab leaves the drawing.
  useEffect(() => () => useZonesStore.getState().cancelDraft(), []);
  if (!map) return <p className="muted">{t('zones.noMap')}</p>;
  const editable = canEdit(map);

  return (
    <div className="zones-panel" data-testid="zones-panel">
      <section aria-labelledby="zones-title">
        <h3 id="zones-title" className="section-title">
          {t('zones.title')}
        </h3>
        {!editable && <p className="small muted">{t('zones.readOnly')}</p>}
        {editable && !drafting && !editingFloor && (
          <button
            type="button"
            className="button primary"
            onClick={() => useZonesStore.getState().startDrawing()}
          >
            {t('zones.startDrawing')}
          </button>
        )}
        {drafting && <ZoneDraftForm />}
        {!drafting && <ErrorText error={error} />}
        {loading ? <p className="muted">{t('zones.loading')}</p> : <ZoneList editable={editable} />}
        {hasZones && unknown > 0 && (
          <p className="small muted" data-testid="zones-unknown">
            {t('zones.unknownCount', { count: unknown })}
          </p>
        )}
      </section>
      <FloorSection map={map} />
      <RulesSection editable={editable} />
      <EventLog mapId={map._id} />
    </div>
  );
}
