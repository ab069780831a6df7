/** Constants the server and the console (or the positioning package) both rely on. */

/** Marker is "live" when the last signal is younger than this (ms). */
export const LIVE_SIGNAL_MS = 180_000;
/** Details dialog: Online when seen within this many ms. */
export const DETAILS_ONLINE_MS = 3 * 60_000;
/** Device list: Online under 5 min, Warning 5–10 min, Offline beyond. */
export const LIST_ONLINE_MS = 5 * 60_000;
export const LIST_WARNING_MS = 10 * 60_000;
/** A device's signals younger than this are kept and shown (signal popup, device signal map). */
export const SIGNAL_POPUP_RECENCY_MS = 60 * 60_000;

/** Path of the realtime channel (Socket.IO). */
export const SOCKET_PATH = '/sqws';

/** New map defaults. */
export const NEW_MAP_SETTINGS = {
  imageSize: { width: 1200, height: 800 },
  defaultCenter: { x: 600, y: 400 },
  defaultZoom: 1,
  minZoom: 0.1,
  maxZoom: 15,
} as const;
/** Map scale when a map has none yet (server trails and console alike): a 1200 px plan spans 60 m. */
export const DEFAULT_PIXELS_PER_METRE = 20;

/** Largest background image upload, bytes. */
export const IMAGE_UPLOAD_MAX_BYTES = 10_485_760;

export const PUBLIC_MAPS_DEFAULT_LIMIT = 20;
export const PUBLIC_MAPS_DEFAULT_SKIP = 0;

export const DEFAULT_MOVEMENT_SPEED = 0.8;
export const DEFAULT_GATEWAY_VIEW_RADIUS = 25;

export const LABEL = {
  collisionRadius: 100,
  boxWidth: 80,
  boxHeight: 30,
  rings: 49,
  anglesPerRing: 8,
  ringStepPx: 10,
} as const;

export const GATEWAY_ADD_DEFAULTS = {
  logicThreshold: -60,
  maxRSSI: -30,
  position: { x: 100, y: 100 },
  radius: 75,
  color: '#10B981',
} as const;
export const DEVICE_ICONS = ['device', 'phone', 'tablet', 'laptop', 'watch', 'tag'] as const;
export type DeviceIcon = (typeof DEVICE_ICONS)[number];

export const TRIANGULATION_DEFAULTS = {
  enabled: true,
  algorithm: 'auto',
  minSignalCount: 2,
  minConfidence: 0.3,
  signalAgeWeight: 0.8,
  rssiWeight: 1,
  showDebugInfo: false,
} as const;

/** The console's themes (a user's app setting). */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** RSSI accepted from gateways (dBm). */
export const RSSI_MIN_DBM = -127;
export const RSSI_MAX_DBM = 20;
