/** Main screen of spec §2: header, the map area and the tools panel. */
import { useSessionData } from '../../app/useSessionData.ts';
import { useI18n } from '../../app/I18nProvider.tsx';
import { MapCanvas } from '../../map/MapCanvas.tsx';
import { useCurrentMap, useMapsStore } from '../maps/maps-store.ts';
import { Header } from './Header.tsx';
import { ToolsPanel } from './ToolsPanel.tsx';
import { useUiStore } from './ui-store.ts';

function MapArea() {
  const { t } = useI18n();
  const map = useCurrentMap();
  const loading = useMapsStore((s) => s.loading);
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
  return <MapCanvas key={map._id} map={map} />;
}

export function MainScreen() {
  useSessionData();
  const minimised = useUiStore((s) => s.isUtilityCardMinimized);
  return (
    <div className="main-screen">
      <Header />
      <div className={`workspace${minimised ? ' tools-hidden' : ''}`}>
        <main className="map-area">
          <MapArea />
        </main>
        {!minimised && <ToolsPanel />}
      </div>
    </div>
  );
}
