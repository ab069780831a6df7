/** Main screen: header, then either the All Maps grid or the tab bar, map and tools panel. */
import { useRef, type RefObject } from 'react';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { MapCanvas } from '../../map/MapCanvas.tsx';
import { FloorSwitcher } from '../buildings/FloorSwitcher.tsx';
import { HeardNotice } from '../heard/HeardNotice.tsx';
import { AllMapsPage } from '../maps/AllMapsPage.tsx';
import { MapDialogs } from '../maps/MapFormModal.tsx';
import { MapTabBar } from '../maps/MapTabBar.tsx';
import { useCurrentMap, useMapsStore } from '../maps/maps-store.ts';
import { useSettingsStore } from '../settings/settings-store.ts';
import { Header } from './Header.tsx';
import { ToolsPanel } from './ToolsPanel.tsx';
import { useUiStore } from './ui-store.ts';

/** `stage`: the map's stage, which goes full screen with the floor switcher in it. */
function MapArea({ stage }: { stage: RefObject<HTMLDivElement | null> }) {
  const { t } = useI18n();
  const map = useCurrentMap();
  const loading = useMapsStore((s) => s.loading);
  const defaultZoom = useSettingsStore((s) => s.saved.defaultZoom);
  const minZoom = useSettingsStore((s) => s.saved.minZoom);
  const maxZoom = useSettingsStore((s) => s.saved.maxZoom);
  const defaultImage = useSettingsStore((s) => s.saved.defaultImage);
  if (!map) {
    return (
      <div className="map-placeholder" data-testid="no-map">
        {loading ? (
          <p className="muted">{t('app.loading')}</p>
        ) : (
          <>
            <h2>{t('map.noMapTitle')}</h2>
            <p className="muted">{t('map.noMapText')}</p>
          </>
        )}
      </div>
    );
  }
  return (
    <MapCanvas
      key={map._id}
      map={map}
      zoom={{ defaultZoom, minZoom, maxZoom }}
      defaultImage={defaultImage}
      saveScale={(ppm) => useMapsStore.getState().setPixelsPerMetre(map._id, ppm)}
      frame={stage}
    />
  );
}

export function MainScreen() {
  const minimised = useUiStore((s) => s.isUtilityCardMinimized);
  const grid = useMapsStore((s) => s.viewMode === 'grid');
  const stage = useRef<HTMLDivElement>(null);
  return (
    <div className="main-screen">
      <Header />
      {grid ? (
        <main className="grid-area">
          <AllMapsPage />
        </main>
      ) : (
        <div className={`workspace${minimised ? ' tools-hidden' : ''}`}>
          <main className="map-area with-tabs">
            <MapTabBar />
            <div className="map-stage" ref={stage}>
              <MapArea stage={stage} />
              {/* Outside the map, which is remounted per floor: a switch keeps its focus. */}
              <FloorSwitcher />
            </div>
          </main>
          {!minimised && <ToolsPanel />}
        </div>
      )}
      <MapDialogs />
      <HeardNotice />
    </div>
  );
}
