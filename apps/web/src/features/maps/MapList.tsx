/** Maps tab of the tools panel: count and view toggle, current-map banner, create, cards. */
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { isOwner } from './access.ts';
import { MapActionButton } from './MapActionButton.tsx';
import { useAllMaps, useCurrentMap, useMapsStore } from './maps-store.ts';
import { useMapActions } from './use-map-actions.ts';
import { isolate } from '../../ui/format.ts';
import { Segmented } from '../../ui/Segmented.tsx';

export function MapList() {
  const { t } = useI18n();
  const maps = useAllMaps();
  const current = useCurrentMap();
  const { loading, error, select, viewMode, setViewMode } = useMapsStore();
  const actions = useMapActions();

  if (loading && maps.length === 0)
    return <div className="spinner" role="status" aria-label={t('app.loading')} />;
  if (error)
    return (
      <p className="error-text" role="alert">
        {`${t('maps.error')}: ${error}`}
      </p>
    );

  return (
    <section className="maps-tab" data-testid="maps-tab">
      <div className="maps-tab-head">
        <h3 className="section-title">{t('maps.count', { count: maps.length })}</h3>
        <Segmented
          label={t('maps.viewToggle')}
          value={viewMode}
          options={[
            { value: 'tabs', label: t('maps.showTabs') },
            { value: 'grid', label: t('maps.showGrid') },
          ]}
          onChange={setViewMode}
        />
      </div>
      {current && (
        <div className="current-map-banner" data-testid="current-map-banner">
          <span className="current-dot" aria-hidden="true" />
          <span className="grow">{t('maps.currentBanner', { name: isolate(current.name) })}</span>
          {isOwner(current) && <MapActionButton map={current} action="share" />}
          {isOwner(current) && <MapActionButton map={current} action="delete" />}
        </div>
      )}
      <button type="button" className="create-map-button" onClick={actions.openCreate}>
        + {t('maps.createNew')}
      </button>
      {maps.length === 0 ? (
        <p className="muted">{t('maps.empty')}</p>
      ) : (
        <ul className="card-list">
          {maps.map((m) => {
            const isCurrent = m._id === current?._id;
            return (
              <li key={m._id} className="map-list-item">
                <button
                  type="button"
                  className={`list-card${isCurrent ? ' current' : ''}`}
                  aria-current={isCurrent}
                  onClick={() => select(m._id)}
                >
                  <span className="title">
                    {isCurrent && <span className="current-dot" aria-label={t('maps.current')} />}
                    {m.name}
                  </span>
                  {m.description && <span className="muted">{m.description}</span>}
                  {(m.metadata.buildingName || m.metadata.floor) && (
                    <span className="muted small">
                      {[m.metadata.buildingName, m.metadata.floor].filter(Boolean).join(' · ')}
                    </span>
                  )}
                </button>
                {isOwner(m) && <MapActionButton map={m} action="edit" className="card-edit" />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
