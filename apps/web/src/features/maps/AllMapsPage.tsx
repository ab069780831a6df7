/** All Maps page (grid mode): 'Map Selection', search, sort, the card grid, its states. */
import { useId, useState, type ReactNode } from 'react';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { MapCard } from './MapCard.tsx';
import { useMapDialogStore } from './map-dialog-store.ts';
import { useAllMaps, useMapsStore } from './maps-store.ts';
import { PublicMapsSection } from './PublicMapsSection.tsx';
import { searchMaps, sortMaps } from './sort-maps.ts';
import { MAP_SORT_OPTIONS, type MapSortOption } from '../../constants.ts';

export function AllMapsPage() {
  const { t } = useI18n();
  const maps = useAllMaps();
  const loading = useMapsStore((s) => s.loading);
  const error = useMapsStore((s) => s.error);
  const select = useMapsStore((s) => s.select);
  const setViewMode = useMapsStore((s) => s.setViewMode);
  const openCreate = useMapDialogStore((s) => s.openCreate);
  const [query, setQuery] = useState('');
  const [sortBy, setSortBy] = useState<MapSortOption>('lastAccessed');
  const titleId = useId();
  const open = (id: string) => {
    select(id);
    setViewMode('tabs');
  };

  const shown = sortMaps(searchMaps(maps, query), sortBy);
  let body;
  if (loading && maps.length === 0)
    body = <div className="spinner" role="status" aria-label={t('app.loading')} />;
  else if (error)
    body = (
      <p className="error-box" role="alert">
        {`${t('maps.error')}: ${error}`}
      </p>
    );
  else if (maps.length === 0)
    body = (
      <EmptyState title={t('maps.grid.noMaps')} hint={t('maps.grid.noMapsHint')}>
        <button type="button" className="button primary" onClick={openCreate}>
          {t('maps.createNew')}
        </button>
      </EmptyState>
    );
  else if (shown.length === 0)
    body = <EmptyState title={t('maps.grid.noResults')} hint={t('maps.grid.noResultsHint')} />;
  else
    body = (
      <div className="map-card-grid">
        {shown.map((m) => (
          <MapCard key={m._id} map={m} onOpen={() => open(m._id)} />
        ))}
      </div>
    );

  return (
    <section className="all-maps" aria-labelledby={titleId} data-testid="all-maps">
      <header className="all-maps-head">
        <button type="button" className="button" onClick={() => setViewMode('tabs')}>
          {t('maps.grid.back')}
        </button>
        <h2 id={titleId}>{t('maps.grid.title')}</h2>
        <button type="button" className="button primary" onClick={openCreate}>
          + {t('maps.newMap')}
        </button>
      </header>
      <div className="all-maps-tools">
        <input
          type="search"
          className="search"
          placeholder={t('maps.grid.search')}
          aria-label={t('maps.grid.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <label className="sort">
          <span>{t('maps.grid.sort')}</span>
          <select value={sortBy} onChange={(e) => setSortBy(e.target.value as MapSortOption)}>
            {MAP_SORT_OPTIONS.map((o) => (
              <option key={o} value={o}>
                {t(`maps.grid.sortBy.${o}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {body}
      {!(loading && maps.length === 0) && (
        <PublicMapsSection query={query} sortBy={sortBy} onOpen={(m) => open(m._id)} />
      )}
    </section>
  );
}

/** What the grid shows instead of cards: why there are none, and what may be done. */
function EmptyState(props: { title: string; hint: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <h3>{props.title}</h3>
      <p className="muted">{props.hint}</p>
      {props.children}
    </div>
  );
}
