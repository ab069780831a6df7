/**
 * Other people's public maps on the All Maps page (beside the user's own and shared ones),
 * fetched 20 at a time when the page opens, searched and sorted like the rest.
 */
import { useEffect, useId } from 'react';
import type { TrackingMap } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { MapCard } from './MapCard.tsx';
import { useMapsStore, usePublicMaps } from './maps-store.ts';
import { searchMaps, sortMaps } from './sort-maps.ts';
import type { MapSortOption } from '../../constants.ts';

export function PublicMapsSection(props: {
  query: string;
  sortBy: MapSortOption;
  onOpen: (map: TrackingMap) => void;
}) {
  const { t } = useI18n();
  const maps = usePublicMaps();
  const loading = useMapsStore((s) => s.publicLoading);
  const error = useMapsStore((s) => s.publicError);
  const more = useMapsStore((s) => s.publicMore);
  const loadPublic = useMapsStore((s) => s.loadPublic);
  const titleId = useId();

  useEffect(() => {
    void loadPublic();
  }, [loadPublic]);

  const shown = sortMaps(searchMaps(maps, props.query), props.sortBy);
  return (
    <section className="public-maps" aria-labelledby={titleId} aria-busy={loading}>
      <h3 id={titleId} className="section-title">
        {t('maps.public.title')}
      </h3>
      {error && (
        <p className="error-text" role="alert">
          {`${t('maps.public.error')}: ${error}`}
        </p>
      )}
      {shown.length > 0 ? (
        <div className="map-card-grid">
          {shown.map((m) => (
            <MapCard key={m._id} map={m} onOpen={() => props.onOpen(m)} />
          ))}
        </div>
      ) : loading ? (
        <div className="spinner" role="status" aria-label={t('app.loading')} />
      ) : (
        !error && <p className="muted">{t('maps.public.empty')}</p>
      )}
      {more && (
        <button
          type="button"
          className="button"
          disabled={loading}
          onClick={() => void loadPublic(true)}
        >
          {t('maps.public.more')}
        </button>
      )}
    </section>
  );
}
