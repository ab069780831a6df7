/** The console's own constants: timings, sizes, defaults and choices no server code reads. */

/** Width of the signal popup, px. */
export const SIGNAL_POPUP_WIDTH_PX = 320;

/** Live connection: how long one attempt may take, how often and how far apart it is retried. */
export const SOCKET_CONNECT_TIMEOUT_MS = 10_000;
export const SOCKET_MAX_RECONNECTS = 5;
export const SOCKET_RECONNECT_BASE_MS = 1_000;
export const SOCKET_RECONNECT_CAP_MS = 30_000;
/** After the session token changes, the live connection reconnects this much later. */
export const SOCKET_TOKEN_UPDATE_RECONNECT_MS = 100;

/** How often the monitored devices are re-read over REST. */
export const MONITORED_DEVICES_REFETCH_MS = 20_000;
/** Default poll interval setting: how often devices are polled while the live connection is down. */
export const DEFAULT_POLL_INTERVAL_MS = 5_000;
export const REFRESH_RATE_OPTIONS_S = [1, 2, 5, 10, 30] as const;

/** App settings defaults. */
export const APP_DEFAULT_ZOOM = 1;
export const APP_MIN_ZOOM = 0.5;
export const APP_MAX_ZOOM = 3;
export const DEFAULT_MAP_IMAGE = '/maps/floor1.png';
export const MAP_IMAGE_CHOICES = ['floor1.png', 'floor1.svg', 'floor1-2.png'] as const;
/** Size assumed for a map whose image size is not known yet. */
export const DEFAULT_IMAGE_SIZE = { width: 800, height: 600 } as const;

/** Map tab bar. */
export const TAB_BAR_MAX_TABS = 10;
export const TAB_BAR_GRID_BUTTON_ABOVE = 6;
export const TAB_NAME_MAX_CHARS = 20;

/** Zoom behaviour. */
export const ZOOM = {
  buttonStep: 0.2,
  fitRatio: 0.9,
  fitCap: 1,
  fitMin: 0.001,
  fitMax: 50,
  minimum: 1e-5,
  snap: 0.001,
  delta: 0.1,
  fitPadding: 30,
  fitMaxZoom: 10,
} as const;
/** Max zoom = min(100, max(10, diagonal / 100)). */
export function maxZoomForDiagonal(diagonal: number): number {
  return Math.min(100, Math.max(10, diagonal / 100));
}

export const DEBOUNCE_MS = {
  viewRecentre: 100,
  mapSizeAfterUtilityCard: 350,
  mapSizeAfterFullScreen: 100,
  viewPersist: 100,
} as const;

export const NAME_BOX = {
  height: 24,
  minWidth: 20,
  maxWidth: 200,
  pxPerChar: 8,
  padding: 6,
} as const;
/** Name-box width = name length × 8 + 6, clamped to 20–200. */
export function nameBoxWidth(name: string): number {
  const raw = name.length * NAME_BOX.pxPerChar + NAME_BOX.padding;
  return Math.min(NAME_BOX.maxWidth, Math.max(NAME_BOX.minWidth, raw));
}

export const MARKER = {
  dot: 22,
  dotSelected: 28,
  border: 4,
  borderThin: 2,
  gateway: 45,
  gatewaySelected: 51,
} as const;

/** The Add Gateway dialog's inputs: logic and max RSSI in dBm, coverage radius. */
export const GATEWAY_ADD_BOUNDS = {
  rssi: { min: -100, max: 0 },
  radius: { min: 10, max: 200 },
} as const;
export const DEVICE_DEFAULT_COLOR = '#3B82F6';

/** The gateway list's "seen within" filter, in days. */
export const GATEWAY_DAYS_FILTER = [3, 10, 50, 100, 'all'] as const;
export const GATEWAY_DAYS_FILTER_DEFAULT = 3;

export const LANGUAGES = ['en', 'he'] as const;
export type Language = (typeof LANGUAGES)[number];

export const MAP_SORT_OPTIONS = ['lastAccessed', 'name', 'created', 'accessCount'] as const;
export type MapSortOption = (typeof MAP_SORT_OPTIONS)[number];

/** Local-storage keys used by the console. */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  language: 'language',
  theme: 'theme',
  lastMap: 'lastViewedMapId',
  mapViewPrefix: 'mapView:',
  gatewayView: 'gatewayViewSettings',
  devicesCurrentMapOnly: 'devices.showOnlyCurrentMap',
  gatewaysCurrentMapOnly: 'gateways.showOnlyCurrentMap',
  /** + the account's e-mail: the newly heard devices and gateways the user dismissed. */
  heardSeenPrefix: 'heard.seen:',
} as const;

/**
 * Gateway view radius: 0–100 percent (clamped) converted to pixels between 5 % of the smaller
 * map side and the map diagonal.
 */
export function viewRadiusToPixels(
  percent: number,
  size: { width: number; height: number },
): number {
  const p = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0));
  const min = 0.05 * Math.min(size.width, size.height);
  const max = Math.hypot(size.width, size.height);
  return min + ((max - min) * p) / 100;
}
