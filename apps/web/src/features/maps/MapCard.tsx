/** One card of the All Maps page: thumbnail, name, access badge, details, hover actions by role. */
import type { TrackingMap } from '@rtls/contract';
import { formatDate } from '../../ui/format.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { resolveImageUrl } from '../../map/image-url.ts';
import { canDelete, canEdit, canShare } from './access.ts';
import { MapActionButton } from './MapActionButton.tsx';

export function MapCard({ map, onOpen }: { map: TrackingMap; onOpen: () => void }) {
  const { t, language } = useI18n();
  const thumb = resolveImageUrl(map.settings.backgroundImage);
  const place = [map.metadata.buildingName, map.metadata.floor].filter(Boolean).join(' · ');
  return (
    <article className="map-card" data-testid="map-card" data-map-id={map._id}>
      <button type="button" className="map-card-open" onClick={onOpen}>
        <span className="map-thumb">
          {thumb ? (
            <img src={thumb} alt="" loading="lazy" />
          ) : (
            <span className="muted small">{t('maps.grid.noImage')}</span>
          )}
        </span>
        <span className="map-card-body">
          <span className="map-card-title">
            <span className="name" dir="auto">
              {map.name}
            </span>
            <span className={`badge ${map.accessLevel}`}>
              {t(`maps.access.${map.accessLevel}`)}
            </span>
            {map.isPublic && <span className="badge public">{t('maps.public.badge')}</span>}
          </span>
          {map.description && <span className="muted small">{map.description}</span>}
          {place && <span className="muted small">{place}</span>}
          <span className="muted small map-card-meta">
            <span>{t('maps.grid.views', { count: map.accessCount })}</span>
            <span>
              {map.lastAccessedAt
                ? t('maps.grid.lastAccess', { date: formatDate(map.lastAccessedAt, language) })
                : t('maps.grid.never')}
            </span>
          </span>
        </span>
      </button>
      <div className="map-card-actions">
        {canEdit(map) && <MapActionButton map={map} action="edit" />}
        {canShare(map) && <MapActionButton map={map} action="share" />}
        <MapActionButton map={map} action="duplicate" />
        {canDelete(map) && <MapActionButton map={map} action="delete" />}
      </div>
    </article>
  );
}
