/**
 * Walls and doors in the Zones tab: what the map's floor model holds, and for owners and editors
 * the way into the floor editor (viewers see the model on the map, read-only).
 */
import { useEffect } from 'react';
import type { TrackingMap } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { canEdit } from '../maps/access.ts';
import { useSettingsStore } from '../settings/settings-store.ts';
import { useZonesStore } from '../zones/zones-store.ts';
import { FloorEditor } from './FloorEditor.tsx';
import { useFloorStore } from './floor-store.ts';
import { planReader } from './plan-image.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';

/** Open the editor and start reading the plan's strokes (snapping targets, suggestions). */
function startEditing(map: TrackingMap, defaultImage: string) {
  useZonesStore.getState().cancelDraft();
  const floor = useFloorStore.getState();
  floor.startEditing();
  const read = planReader(map, defaultImage);
  if (read) void floor.readPlan(read);
}

export function FloorSection({ map }: { map: TrackingMap }) {
  const { t } = useI18n();
  const model = useFloorStore((s) => s.model);
  const loading = useFloorStore((s) => s.loading);
  const error = useFloorStore((s) => s.error);
  const editing = useFloorStore((s) => s.draft !== null);
  const zoneDrafting = useZonesStore((s) => s.draft !== null);
  const defaultImage = useSettingsStore((s) => s.saved.defaultImage);
  // The editor's tools and Save live here: leaving the tab leaves the editor.
  useEffect(() => () => useFloorStore.getState().cancelEditing(), []);
  const editable = canEdit(map);

  return (
    <section className="floor-section" aria-labelledby="floor-title" data-testid="floor-section">
      <h3 id="floor-title" className="section-title">
        {t('floor.title')}
      </h3>
      {loading ? (
        <p className="muted small">{t('floor.loading')}</p>
      ) : (
        <p className="muted small" data-testid="floor-summary">
          {[
            t('floor.walls', { count: model.walls.length }),
            t('floor.doors', { count: model.doors.length }),
            model.outline ? t('floor.outlineSet') : t('floor.outlineNone'),
          ].join(' · ')}
        </p>
      )}
      <ErrorText error={error} />
      {!editable && <p className="small muted">{t('floor.readOnly')}</p>}
      {editable && !editing && (
        <button
          type="button"
          className="button"
          disabled={zoneDrafting || loading}
          onClick={() => startEditing(map, defaultImage)}
        >
          {t('floor.edit')}
        </button>
      )}
      {editable && editing && <FloorEditor map={map} />}
    </section>
  );
}
