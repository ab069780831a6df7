/**
 * A Leaflet layer that draws many device markers on one canvas (one element instead of thousands):
 * the canvas covers the view plus a margin, moves with the map while panning, scales with zoom
 * animations and is redrawn when the devices or the view change. Only markers in view are drawn.
 * It takes no pointer events itself: the map's own events are hit-tested against the drawn
 * markers, so gateways above it can still be dragged and the map panned.
 */
import L from 'leaflet';
import { hitTest, touches, type CanvasMarker } from './canvas-markers.ts';
import { encodeFrame } from './marker-frame.ts';
import { layerPoints } from './layer-points.ts';
import { SpriteCache, type SpriteTheme } from './marker-sprites.ts';
import { createPainter, type Painter } from './marker-painter.ts';

/** A marker to draw: its device's spot in map coordinates (the label is offset in pixels). */
export interface MarkerSpec extends Omit<CanvasMarker, 'x' | 'y'> {
  lat: number;
  lng: number;
}

export interface CanvasMarkerEvents {
  onClick: (mac: string) => void;
  /** The pointer entered a marker (its drawn position) or left all markers (null). */
  onHover: (mac: string | null, at: L.LatLng | null) => void;
}

const PANE = 'deviceCanvasPane';
/** Live changes are drawn at most this often (ms): thousands of markers jump, they do not glide. */
export const REDRAW_MS = 200;
/** Extra canvas around the view, as a share of its size, so short pans need no redraw. */
const PADDING = 0.1;
const FONT =
  "600 12px system-ui, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Hebrew', Arial, sans-serif";

function readTheme(el: Element): SpriteTheme {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    surface: v('--surface', '#ffffff'),
    text: v('--text', '#111827'),
    muted: v('--muted', '#4b5563'),
    live: v('--live', '#16a34a'),
    stale: v('--stale', '#dc2626'),
    ok: v('--ok', '#16a34a'),
    warn: v('--warn', '#ca8a04'),
    font: FONT,
    rtl: document.documentElement.dir === 'rtl',
    dpr: window.devicePixelRatio || 1,
  };
}

const sameLabel = (a: CanvasMarker['label'], b: CanvasMarker['label']) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.dx === b.dx &&
    a.dy === b.dy &&
    a.w === b.w &&
    a.h === b.h &&
    a.moved === b.moved &&
    a.text.name === b.text.name &&
    a.text.rssi === b.text.rssi &&
    a.text.lastSeen === b.text.lastSeen);

const sameSpec = (a: MarkerSpec, b: MarkerSpec) =>
  a === b ||
  (a.mac === b.mac &&
    a.lat === b.lat &&
    a.lng === b.lng &&
    a.live === b.live &&
    a.colour === b.colour &&
    a.nameBox === b.nameBox &&
    a.ring === b.ring &&
    sameLabel(a.label, b.label));

/** Whether two marker lists would draw the same picture. */
export function sameMarkers(a: readonly MarkerSpec[], b: readonly MarkerSpec[]): boolean {
  return a.length === b.length && a.every((m, i) => sameSpec(m, b[i]!));
}

export class CanvasMarkerLayer extends L.Layer {
  private readonly canvas = document.createElement('canvas');
  private painter: Painter | null = null;
  private origin = L.point(0, 0);
  private size = L.point(0, 0);
  private topLeft = L.latLng(0, 0);
  private specs: MarkerSpec[] = [];
  /** What was drawn last, in canvas pixels and drawing order (for hit testing). */
  private drawn: CanvasMarker[] = [];
  /** Measures label widths in the page (hit testing, what is in view). */
  private sprites: SpriteCache | null = null;
  private themeKey = '';
  private hovered: string | null = null;
  private readonly events: CanvasMarkerEvents;
  private lastDraw = -Infinity;
  private themeWatch: MutationObserver | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The last draw's specs and their markers in canvas pixels, and the view they were for. */
  private lastSpecs: readonly MarkerSpec[] = [];
  private lastPlaced: readonly CanvasMarker[] = [];
  private placedFor = '';

  constructor(events: CanvasMarkerEvents) {
    super();
    this.events = events;
    this.canvas.className = 'device-canvas';
    this.canvas.dataset.testid = 'device-canvas';
    this.canvas.dataset.count = '0';
  }

  override onAdd(map: L.Map): this {
    const pane = map.getPane(PANE) ?? map.createPane(PANE);
    pane.classList.add('device-canvas-pane');
    pane.appendChild(this.canvas);
    this.painter ??= createPainter(this.canvas);
    // A new theme or direction redraws at once (colours and text come from them).
    this.themeWatch = new MutationObserver(() => this.draw());
    this.themeWatch.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme', 'dir'],
    });
    const zoomAnimated = map.options.zoomAnimation && L.Browser.any3d;
    if (zoomAnimated) this.canvas.classList.add('leaflet-zoom-animated');
    this.reset();
    return this;
  }

  override onRemove(): this {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.themeWatch?.disconnect();
    this.themeWatch = null;
    this.setHovered(null);
    this.canvas.remove();
    return this;
  }

  override getEvents() {
    return {
      viewreset: this.reset,
      zoomend: this.reset,
      moveend: this.reset,
      resize: this.reset,
      zoomanim: this.animateZoom,
      click: this.click,
      mousemove: this.move,
      mouseout: this.out,
    } as unknown as Record<string, L.LeafletEventHandlerFn>;
  }

  /**
   * Replaces the markers. Unchanged markers are not redrawn; changes are drawn at most every
   * REDRAW_MS (the view changing redraws at once).
   */
  setMarkers(specs: MarkerSpec[]) {
    if (sameMarkers(this.specs, specs)) return;
    this.specs = specs;
    if (this.timer !== null) return;
    const wait = this.lastDraw + REDRAW_MS - performance.now();
    if (wait <= 0) this.draw();
    else this.timer = setTimeout(() => this.draw(), wait);
  }

  /** Markers drawn in the last redraw (in view). */
  get drawnCount() {
    return this.drawn.length;
  }

  /** Stops the drawing worker; the layer cannot be used afterwards. */
  dispose() {
    this.remove();
    this.painter?.dispose();
    this.painter = null;
  }

  private reset() {
    const map = this._map;
    if (!map) return;
    const view = map.getSize();
    const min = map.containerPointToLayerPoint(view.multiplyBy(-PADDING)).round();
    const size = view.multiplyBy(1 + 2 * PADDING).round();
    this.origin = min;
    this.topLeft = map.layerPointToLatLng(min);
    L.DomUtil.setPosition(this.canvas, min);
    if (!size.equals(this.size)) {
      this.size = size;
      this.canvas.style.width = `${size.x}px`;
      this.canvas.style.height = `${size.y}px`;
    }
    this.draw();
  }

  private animateZoom(e: L.ZoomAnimEvent) {
    const map = this._map as L.Map & {
      _latLngToNewLayerPoint: (ll: L.LatLng, zoom: number, center: L.LatLng) => L.Point;
    };
    const scale = map.getZoomScale(e.zoom, map.getZoom());
    L.DomUtil.setTransform(
      this.canvas,
      map._latLngToNewLayerPoint(this.topLeft, e.zoom, e.center),
      scale,
    );
  }

  /** The sprite theme when it changed since the last draw (theme, direction, pixel ratio). */
  private themeChange(): SpriteTheme | undefined {
    const el = document.documentElement;
    const key = `${el.dataset.theme ?? ''}|${el.dir}|${window.devicePixelRatio || 1}`;
    if (this.sprites && key === this.themeKey) return undefined;
    this.themeKey = key;
    this.sprites = new SpriteCache(readTheme(this._map?.getContainer() ?? el));
    return this.sprites.theme;
  }

  private draw() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.lastDraw = performance.now();
    const map = this._map;
    const painter = this.painter;
    if (!map || !painter) return;
    const theme = this.themeChange();
    const o = this.origin;
    const view = { left: 0, top: 0, right: this.size.x, bottom: this.size.y };
    const visible: CanvasMarker[] = [];
    for (const m of this.placed(map, o)) if (touches(m, view)) visible.push(m);
    painter.paint({
      type: 'draw',
      theme,
      frame: encodeFrame(visible),
      width: this.size.x,
      height: this.size.y,
    });
    this.drawn = visible;
    const count = String(visible.length);
    if (this.canvas.dataset.count !== count) this.canvas.dataset.count = count;
    if (this.hovered && !visible.some((m) => m.mac === this.hovered)) this.setHovered(null);
  }

  /**
   * The specs' markers in canvas pixels. A spec kept from the last draw at the same place in the
   * list (an unchanged device, see marker-specs.ts) keeps its marker while the zoom and origins are
   * the same: it lands on the same pixels.
   */
  private placed(map: L.Map, o: L.Point): CanvasMarker[] {
    const po = map.getPixelOrigin();
    const key = `${map.getZoom()}|${po.x},${po.y}|${o.x},${o.y}`;
    const last = key === this.placedFor ? this.lastSpecs : [];
    const toLayer = layerPoints(map);
    const p = { x: 0, y: 0 };
    const placed = this.specs.map((s, i): CanvasMarker => {
      if (last[i] === s) return this.lastPlaced[i]!;
      toLayer(s.lat, s.lng, p);
      return {
        mac: s.mac,
        colour: s.colour,
        live: s.live,
        nameBox: s.nameBox,
        ring: s.ring,
        x: p.x - o.x,
        y: p.y - o.y,
        label: s.label,
      };
    });
    this.placedFor = key;
    this.lastSpecs = this.specs;
    this.lastPlaced = placed;
    return placed;
  }

  private at(e: L.LeafletMouseEvent): CanvasMarker | null {
    // Pointer events on other markers (gateways, the selected device) belong to them.
    const target = e.originalEvent.target as Element | null;
    if (target?.closest?.('.leaflet-marker-icon, .leaflet-popup, .leaflet-control')) return null;
    const x = e.layerPoint.x - this.origin.x;
    const y = e.layerPoint.y - this.origin.y;
    return hitTest(this.drawn, x, y);
  }

  private click(e: L.LeafletMouseEvent) {
    const m = this.at(e);
    if (m) this.events.onClick(m.mac);
  }

  private move(e: L.LeafletMouseEvent) {
    this.setHovered(this.at(e));
  }

  private out() {
    this.setHovered(null);
  }

  private setHovered(m: CanvasMarker | null) {
    const mac = m?.mac ?? null;
    if (mac === this.hovered) return;
    this.hovered = mac;
    this._map?.getContainer().classList.toggle('device-hover', mac !== null);
    const at = m
      ? this._map?.layerPointToLatLng(L.point(m.x + this.origin.x, m.y + this.origin.y))
      : null;
    this.events.onHover(mac, at ?? null);
  }
}
