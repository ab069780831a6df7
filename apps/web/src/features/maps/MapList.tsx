/** Maps tab (foundation): the map count, the list with the current map marked, selection. */
import { useI18n } from '../../app/I18nProvider.tsx';
import { useMapsStore } from './maps-store.ts';

export function MapList() {
  const { t } = useI18n();
  const { entities, userMaps, sharedMaps, currentMapId, loading, error, select } = useMapsStore();
  const ids = [...userMaps, ...sharedMaps];
  if (loading && ids.length === 0)
    return <div className="spinner" role="status" aria-label={t('app.loading')} />;
  if (error) return <p className="error-text">{`${t('maps.error')}: ${error}`}</p>;
  if (ids.length === 0) return <p className="muted">{t('maps.empty')}</p>;
  return (
    <section>
      <h3 className="section-title">{t('maps.count', { count: ids.length })}</h3>
      <ul className="card-list">
        {ids.map((id) => {
          const m = entities[id]!;
          const current = id === currentMapId;
          return (
            <li key={id}>
              <button
                type="button"
                className={`list-card${current ? ' current' : ''}`}
                aria-current={current}
                onClick={() => select(id)}
              >
                <span className="title">
                  {current && <span className="current-dot" aria-label={t('maps.current')} />}
                  {m.name}
                </span>
                {m.description && <span className="muted">{m.description}</span>}
                {(m.metadata.buildingName || m.metadata.floor) && (
                  <span className="muted small">
                    {[m.metadata.buildingName, m.metadata.floor].filter(Boolean).join(' · ')}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
