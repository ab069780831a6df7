/** Map tab bar: up to 10 tabs, '+N' overflow, Grid view above 6 maps, New Map. */
import type { TrackingMap } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { GridIcon, OpenedIcon, OwnerIcon, SharedIcon } from './icons.tsx';
import { useAllMaps, useMapsStore } from './maps-store.ts';
import { useMapDialogStore } from './map-dialog-store.ts';
import { MapsLoadError } from './MapsLoadError.tsx';
import {
  TAB_BAR_GRID_BUTTON_ABOVE,
  TAB_BAR_MAX_TABS,
  TAB_NAME_MAX_CHARS,
} from '../../constants.ts';

/** Names longer than 20 characters are cut, with an ellipsis (the full name stays in the title). */
export const cutName = (name: string) =>
  name.length > TAB_NAME_MAX_CHARS ? `${name.slice(0, TAB_NAME_MAX_CHARS)}…` : name;

/**
 * The first 10 maps; a current map beyond them (picked on the All Maps page) takes the last tab,
 * so the map on screen always has its tab.
 */
export function tabsShown(maps: TrackingMap[], currentMapId: string | null): TrackingMap[] {
  const shown = maps.slice(0, TAB_BAR_MAX_TABS);
  const current = maps.find((m) => m._id === currentMapId);
  if (!current || shown.includes(current)) return shown;
  return [...shown.slice(0, TAB_BAR_MAX_TABS - 1), current];
}

export function MapTabBar() {
  const { t } = useI18n();
  const maps = useAllMaps();
  const loading = useMapsStore((s) => s.loading);
  const error = useMapsStore((s) => s.error);
  const currentMapId = useMapsStore((s) => s.currentMapId);
  const select = useMapsStore((s) => s.select);
  const setViewMode = useMapsStore((s) => s.setViewMode);
  const openCreate = useMapDialogStore((s) => s.openCreate);

  if (loading && maps.length === 0)
    return (
      <nav className="map-tab-bar" aria-label={t('maps.tabs.label')} data-testid="map-tab-bar">
        <div className="spinner small-spinner" role="status" aria-label={t('app.loading')} />
      </nav>
    );
  if (error && maps.length === 0)
    return (
      <nav className="map-tab-bar" aria-label={t('maps.tabs.label')} data-testid="map-tab-bar">
        <MapsLoadError error={error} />
      </nav>
    );
  if (maps.length === 0)
    return (
      <nav className="map-tab-bar" aria-label={t('maps.tabs.label')} data-testid="map-tab-bar">
        <span className="muted">{t('maps.tabs.noMaps')}</span>
        <button type="button" className="button primary" onClick={openCreate}>
          {t('maps.tabs.createFirst')}
        </button>
      </nav>
    );

  const shown = tabsShown(maps, currentMapId);
  const scrollCurrentIntoView = (el: HTMLElement | null) =>
    el
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  const overflow = maps.length - shown.length;
  return (
    <nav className="map-tab-bar" aria-label={t('maps.tabs.label')} data-testid="map-tab-bar">
      <ul className="map-tabs" ref={scrollCurrentIntoView}>
        {shown.map((m) => (
          <li key={m._id}>
            <MapTab map={m} current={m._id === currentMapId} onSelect={() => select(m._id)} />
          </li>
        ))}
      </ul>
      {overflow > 0 && (
        <button
          type="button"
          className="tab-overflow"
          data-testid="tab-overflow"
          aria-label={t('maps.tabs.more', { count: overflow })}
          onClick={() => setViewMode('grid')}
        >
          +{overflow}
        </button>
      )}
      <div className="map-tab-actions">
        {maps.length > TAB_BAR_GRID_BUTTON_ABOVE && (
          <button
            type="button"
            className="button"
            title={t('maps.showGrid')}
            onClick={() => setViewMode('grid')}
          >
            <GridIcon /> <span className="button-text">{t('maps.showGrid')}</span>
          </button>
        )}
        <button
          type="button"
          className="button primary"
          title={t('maps.newMap')}
          onClick={openCreate}
        >
          + <span className="button-text">{t('maps.newMap')}</span>
        </button>
      </div>
    </nav>
  );
}

function MapTab({
  map,
  current,
  onSelect,
}: {
  map: TrackingMap;
  current: boolean;
  onSelect: () => void;
}) {
  const { t } = useI18n();
  const owned = map.accessLevel === 'owner';
  return (
    <button
      type="button"
      className={`map-tab${current ? ' current' : ''}`}
      aria-current={current ? 'page' : undefined}
      title={map.name}
      data-testid="map-tab"
      onClick={onSelect}
    >
      <span className="tab-icon" title={t(owned ? 'maps.tabs.owned' : 'maps.tabs.shared')}>
        {owned ? <OwnerIcon /> : <SharedIcon />}
        <span className="visually-hidden">{t(owned ? 'maps.tabs.owned' : 'maps.tabs.shared')}</span>
      </span>
      <span className="tab-name" dir="auto">
        {cutName(map.name)}
      </span>
      <span className="tab-count" title={t('maps.tabs.accessCount', { count: map.accessCount })}>
        <OpenedIcon />
        <span aria-hidden="true">{map.accessCount}</span>
        <span className="visually-hidden">
          {t('maps.tabs.accessCount', { count: map.accessCount })}
        </span>
      </span>
    </button>
  );
}
