/**
 * The live connection: websocket only to /sqws, token and protocol version in the
 * handshake, 10 s connect timeout, reconnects on our own schedule, device_update re-dispatched as a
 * `deviceUpdate` event. The maps whose positions the page wants are (re)sent on every connect.
 */
import { io, type Socket } from 'socket.io-client';
import {
  CONNECTION_ERRORS,
  SOCKET_PATH,
  SOCKET_PROTOCOL_VERSION,
  type ClientToServerEvents,
  type DeviceUpdate,
  type Pong,
  type ServerToClientEvents,
  type SocketAuth,
  type WatchMapsAck,
} from '@rtls/contract';
import { reconnectDelay } from './reconnect.ts';
import { SOCKET_CONNECT_TIMEOUT_MS, SOCKET_TOKEN_UPDATE_RECONNECT_MS } from '../../constants.ts';

export type LiveState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export interface LiveConnectionOptions {
  url?: string;
  getToken: () => string | null;
  onState: (state: LiveState, error?: string) => void;
  onUpdate: (update: DeviceUpdate) => void;
  /** Called after a reconnect succeeds, so lists can be re-fetched. */
  onReconnected: () => void;
  /** The server rejected the token: the session is over. */
  onAuthFailed: () => void;
  /** The server answered a ping. */
  onPong?: (pong: Pong) => void;
  /** The server's answer to the maps this page asked to watch. */
  onWatching?: (ack: WatchMapsAck) => void;
  /** Zone presence, occupancy, events, alerts, zone and floor model changes of the watched maps. */
  onZoneEvent?: ZoneEventHandlers;
  log?: (message: string, detail?: unknown) => void;
}

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type ZoneEventHandlers = Partial<
  Pick<
    ServerToClientEvents,
    | 'zone_presence'
    | 'zone_occupancy'
    | 'zone_event'
    | 'alert'
    | 'zones_changed'
    | 'floor_model_changed'
  >
>;

export function createLiveConnection(opts: LiveConnectionOptions) {
  let socket: AppSocket | null = null;
  let attempt = 0;
  let everConnected = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let timeoutTimer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  let watched: string[] = [];
  /** When the server was last heard on the link (connect, any event, Socket.IO's own pings). */
  let heardAt = Date.now();
  const heard = () => {
    heardAt = Date.now();
  };
  const log = opts.log ?? ((m: string, d?: unknown) => console.warn(m, d));

  const clearTimers = () => {
    if (retryTimer) clearTimeout(retryTimer);
    if (timeoutTimer) clearTimeout(timeoutTimer);
    retryTimer = timeoutTimer = null;
  };

  function teardown() {
    clearTimers();
    // io() may hand the next socket the same manager: its listener goes with this socket.
    socket?.io.off('ping', heard);
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = null;
  }

  function scheduleReconnect(reason: string) {
    teardown();
    if (closed) return;
    attempt++;
    const delay = reconnectDelay(attempt);
    if (delay === null) {
      opts.onState('disconnected', reason);
      return;
    }
    opts.onState('reconnecting', reason);
    retryTimer = setTimeout(connect, delay);
  }

  /** Errors after which trying again cannot help: the token, or this page's protocol, is refused. */
  function refused(message: string): boolean {
    if (message === CONNECTION_ERRORS.authFailed) {
      teardown();
      opts.onState('disconnected', message);
      opts.onAuthFailed();
      return true;
    }
    if (message === CONNECTION_ERRORS.protocolMismatch) {
      teardown();
      opts.onState('disconnected', message);
      return true;
    }
    return false;
  }

  function sendWatched() {
    socket?.emit('watch_maps', { mapIds: watched }, (ack) => {
      if (ack.refused.length > 0) log('maps not watched', ack.refused);
      opts.onWatching?.(ack);
    });
  }

  function connect() {
    teardown();
    if (closed) return;
    const token = opts.getToken();
    if (!token) {
      opts.onState('disconnected', CONNECTION_ERRORS.noToken);
      return;
    }
    opts.onState(attempt === 0 ? 'connecting' : 'reconnecting');
    const s: AppSocket = io(opts.url ?? '/', {
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { token, protocol: SOCKET_PROTOCOL_VERSION } satisfies SocketAuth,
      reconnection: false,
      timeout: SOCKET_CONNECT_TIMEOUT_MS,
    });
    socket = s;
    timeoutTimer = setTimeout(() => {
      log('socket connection failure', CONNECTION_ERRORS.timeout);
      scheduleReconnect(CONNECTION_ERRORS.timeout);
    }, SOCKET_CONNECT_TIMEOUT_MS);
    // The server pings every connection: a quiet building still proves the link is alive.
    s.io.on('ping', heard);
    s.on('connect', () => {
      heard();
      clearTimers();
      const wasReconnect = everConnected;
      everConnected = true;
      attempt = 0;
      opts.onState('connected');
      sendWatched();
      if (wasReconnect) opts.onReconnected();
    });
    s.on('connect_error', (err) => {
      log('socket connection failure', err.message);
      if (!refused(err.message)) scheduleReconnect(err.message);
    });
    s.on('disconnect', (reason) => {
      if (reason === 'io client disconnect') return;
      // A server-initiated disconnect or a lost transport: reconnect on the schedule.
      scheduleReconnect(reason);
    });
    s.on('pong', (p) => {
      heard();
      opts.onPong?.(p);
    });
    const zones = opts.onZoneEvent ?? {};
    if (zones.zone_presence) s.on('zone_presence', zones.zone_presence);
    if (zones.zone_occupancy) s.on('zone_occupancy', zones.zone_occupancy);
    if (zones.zone_event) s.on('zone_event', zones.zone_event);
    if (zones.alert) s.on('alert', zones.alert);
    if (zones.zones_changed) s.on('zones_changed', zones.zones_changed);
    if (zones.floor_model_changed) s.on('floor_model_changed', zones.floor_model_changed);
    // One event carries every update the server had for this socket at once.
    s.on('device_update', (...updates) => {
      heard();
      for (const u of updates) {
        window.dispatchEvent(new CustomEvent<DeviceUpdate>('deviceUpdate', { detail: u }));
        opts.onUpdate(u);
      }
    });
  }

  return {
    connect() {
      closed = false;
      attempt = 0;
      connect();
    },
    /** The token changed: reconnect shortly with the new one. */
    tokenUpdated() {
      teardown();
      attempt = 0;
      retryTimer = setTimeout(connect, SOCKET_TOKEN_UPDATE_RECONNECT_MS);
    },
    /** Try again now (after the schedule gave up, or when the browser comes back online). */
    retryNow() {
      if (socket?.connected) return;
      attempt = 0;
      connect();
    },
    ping() {
      socket?.emit('ping');
    },
    /** When the server was last heard on the link (ms): what came over it is as of then. */
    heardAt: () => heardAt,
    /** The maps whose positions the page wants (replaces the previous set; kept across reconnects). */
    watch(mapIds: string[]) {
      watched = [...mapIds];
      if (socket?.connected) sendWatched();
    },
    close() {
      closed = true;
      teardown();
      opts.onState('idle');
    },
  };
}
export type LiveConnection = ReturnType<typeof createLiveConnection>;
