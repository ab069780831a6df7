/** The map canvas: one Leaflet map in image coordinates, with its layers and controls. */
import { useEffect, useRef, useState, type RefObject } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { TrackingMap } from '@rtls/contract';
import { useI18n } from '../i18n/I18nProvider.tsx';
import { useUiStore } from '../features/layout/ui-store.ts';
import { applyZoomBounds, keepViewOnResize } from './fit.ts';
import { ImageCRS } from './crs.ts';
import { BackgroundLayer } from './layers/BackgroundLayer.tsx';
import { FloorLayer } from './layers/FloorLayer.tsx';
import { GridLayer } from './layers/GridLayer.tsx';
import { MapContext } from './map-context.ts';
import { MapControls } from './MapControls.tsx';
import { ScaleTool } from './ScaleTool.tsx';
import { TrackingOverlays } from './TrackingOverlays.tsx';
import { restoreView, useViewPersistence } from './use-view-persistence.ts';
import type { ZoomSettings } from './zoom.ts';

/** What the screen that shows the map hands it: the settings it follows and how a scale is saved. */
export interface MapCanvasProps {
  map: TrackingMap;
  /** The settings' zoom values, relative to the fitted view. */
  zoom: ZoomSettings;
  /** The settings' default image, shown under a map without an image of its own. */
  defaultImage: string;
  /** Saves the pixels per metre measured with the scale tool. */
  saveScale: (pixelsPerMetre: number) => Promise<void>;
  /**
   * The element that goes full screen, when it is not the canvas: one that outlives this map (a
   * switch to another floor keeps full screen) and holds what is drawn beside it.
   */
  frame?: RefObject<HTMLElement | null>;
}

export function MapCanvas({ map: tracking, zoom, defaultImage, saveScale, frame }: MapCanvasProps) {
  const { t } = useI18n();
  const hostRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const [leaflet, setLeaflet] = useState<L.Map | null>(null);
  const [measuring, setMeasuring] = useState(false);
  useViewPersistence(leaflet, tracking._id);
  const { defaultZoom, minZoom, maxZoom } = zoom;

  useEffect(() => {
    const m = L.map(hostRef.current!, {
      crs: ImageCRS,
      zoomControl: false,
      attributionControl: false,
      zoomSnap: 0,
      zoomDelta: 0.5,
      wheelPxPerZoomLevel: 120,
      minZoom: -12,
      maxZoom: 7,
      preferCanvas: false,
      // The ResizeObserver below follows every size change (window, panel, full screen).
      trackResize: false,
    });
    // First open: fit to screen; later opens: the remembered pan and zoom.
    restoreView(m, tracking, zoom);
    setLeaflet(m);
    const resize = new ResizeObserver(() => keepViewOnResize(m, tracking));
    resize.observe(hostRef.current!);
    return () => {
      // Edit mode belongs to one map: switching maps leaves it (a viewer's map must not open in it).
      useUiStore.getState().setEditMode(false);
      resize.disconnect();
      m.remove();
      setLeaflet(null);
    };
    // One Leaflet map per floor plan: MapArea remounts this component when the map changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The settings' zoom limits are relative to the fit, so they follow the container's size.
  useEffect(() => {
    if (!leaflet) return;
    const apply = () => void applyZoomBounds(leaflet, tracking, { defaultZoom, minZoom, maxZoom });
    apply();
    leaflet.on('resize', apply);
    return () => void leaflet.off('resize', apply);
  }, [leaflet, tracking, defaultZoom, minZoom, maxZoom]);

  return (
    <div className="map-canvas" ref={frameRef}>
      <div
        ref={hostRef}
        className="map-host"
        role="region"
        aria-label={t('map.region')}
        data-testid="map-canvas"
      />
      {leaflet && (
        <MapContext.Provider value={leaflet}>
          <BackgroundLayer map={tracking} defaultImage={defaultImage} />
          <GridLayer map={tracking} />
          <FloorLayer map={tracking} />
          <TrackingOverlays map={tracking} defaultImage={defaultImage} />
          <MapControls
            map={tracking}
            frame={frame ?? frameRef}
            scaleActive={measuring}
            onScaleTool={() => setMeasuring((on) => !on)}
          />
          {measuring && (
            <ScaleTool map={tracking} save={saveScale} onDone={() => setMeasuring(false)} />
          )}
        </MapContext.Provider>
      )}
    </div>
  );
}
