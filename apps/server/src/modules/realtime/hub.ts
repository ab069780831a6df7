/**
 * The realtime channel: Socket.IO at /sqws, websocket only, authenticated by the session token and
 * checked for the protocol version. Each socket watches the maps it asks for and may read
 * (watch_maps); device updates fan out per map (fan-out.ts). With Redis (several instances)
 * updates, access re-checks and revocations travel through Socket.IO's Redis adapter.
 */
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type Socket } from 'socket.io';
import {
  CONNECTION_ERRORS,
  SOCKET_PATH,
  SOCKET_PROTOCOL_VERSION,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@rtls/contract';
import { tokenHash } from '../../lib/secrets.ts';
import { REDIS_PREFIX, type RedisLink } from '../../lib/redis.ts';
import type { AuthService, AuthUser } from '../auth/service.ts';
import type { PositionChange } from '../positions/module.ts';
import { fanOut, mapRoom, type PublishedDevice } from './fan-out.ts';
import { createOutboxes, type OutboxSocket } from './outbox.ts';
import { socketParser } from './packet-encoder.ts';
import { createWatching, newWatchState, type WatchState } from './watching.ts';

export interface SocketData extends WatchState {
  user: AuthUser;
  tokenHash: string;
}

/** Events between instances (through the Redis adapter), never seen by browsers. */
export interface InterServerEvents {
  /** Live updates published on another instance, for this instance's sockets. */
  device_updates: (ownerId: string, devices: PublishedDevice[]) => void;
  /** Who may read a map changed: sockets watching it are checked again. */
  recheck_map: (mapId: string) => void;
  /** Something positions depend on changed on another instance (see the positions module). */
  positions_changed: (change: PositionChange) => void;
}

type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** engine.io types its write buffer as private; the outbox reads it (public at run time). */
const outboxView = (socket: AppSocket) => socket as unknown as OutboxSocket;

export const ownerRoom = (ownerId: string) => `owner:${ownerId}`;
/** Every socket of one session token, so a revocation closes them on every instance. */
export const tokenRoom = (hash: string) => `token:${hash}`;

export interface HubOptions {
  auth: AuthService;
  /** Extra allowed browser origins; the request's own host is always allowed. */
  allowedOrigins: string[];
  /** How often open sockets' sessions are re-checked against the database. */
  sessionRecheckMs?: number;
  /** Shared Redis: updates and revocations reach sockets on every instance. */
  redis?: RedisLink | null;
  /**
   * Most updates a slow socket may have pending (one per device and map) before the oldest are
   * dropped: above the devices one console shows, so a socket that falls behind for a moment
   * still gets every device's newest state.
   */
  maxPendingPerSocket?: number;
  /** Of these maps, the ones the user may read (owner, collaborator, or public). */
  readableMaps: (userId: string, mapIds: string[]) => Promise<Set<string>>;
}

/** True when the browser origin matches the host it connected to, or is configured. */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: string[],
): boolean {
  if (!origin) return true; // non-browser clients (gateways, tests) send no Origin
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export function createHub(
  httpServer: HttpServer,
  {
    auth,
    allowedOrigins,
    sessionRecheckMs = 30_000,
    redis = null,
    maxPendingPerSocket = 20_000,
    readableMaps,
  }: HubOptions,
) {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>(
    httpServer,
    {
      path: SOCKET_PATH,
      transports: ['websocket'],
      serveClient: false,
      parser: socketParser,
      maxHttpBufferSize: 16 * 1024,
      pingInterval: 20_000,
      pingTimeout: 20_000,
      allowRequest: (req, callback) =>
        callback(null, originAllowed(req.headers.origin, req.headers.host, allowedOrigins)),
    },
  );
  if (redis)
    io.adapter(createAdapter(redis.client, redis.subscriber, { key: `${REDIS_PREFIX}sio` }));
  const sockets = io.of('/').sockets;
  let locatingEveryS: (() => number) | null = null;
  const outboxes = createOutboxes({ maxPending: maxPendingPerSocket });

  io.use(async (socket, next) => {
    const hello = socket.handshake.auth as { token?: unknown; protocol?: unknown } | undefined;
    const token = hello?.token;
    if (typeof token !== 'string' || token === '')
      return next(new Error(CONNECTION_ERRORS.noToken));
    // A page of another version would misread the updates: it is told to reload instead.
    if (hello?.protocol !== SOCKET_PROTOCOL_VERSION)
      return next(new Error(CONNECTION_ERRORS.protocolMismatch));
    try {
      const user = await auth.authenticate(token);
      if (!user) return next(new Error(CONNECTION_ERRORS.authFailed));
      socket.data.user = user;
      socket.data.tokenHash = tokenHash(token);
      Object.assign(socket.data, newWatchState());
      next();
    } catch {
      next(new Error(CONNECTION_ERRORS.authFailed));
    }
  });

  io.on('connection', (socket: AppSocket) => {
    void socket.join([ownerRoom(socket.data.user.id), tokenRoom(socket.data.tokenHash)]);
    outboxes.attach(outboxView(socket));
    socket.on('ping', () =>
      socket.emit('pong', {
        timestamp: Date.now(),
        protocol: SOCKET_PROTOCOL_VERSION,
        ...(locatingEveryS ? { locatingEveryS: locatingEveryS() } : {}),
      }),
    );
    socket.on('watch_maps', (request, ack) => void watching.watch(socket, request, ack));
  });

  const watching = createWatching({
    readableMaps,
    watchersOf: (mapId) => {
      const ids = io.of('/').adapter.rooms.get(mapRoom(mapId));
      return [...(ids ?? [])].flatMap((id) => sockets.get(id) ?? []);
    },
    // Updates without a map say "on none of the maps you watch": those held for a slow socket
    // were addressed under its previous set and must not arrive after the answer.
    beforeAck: (socket) => outboxes.dropUnplaced(socket.id),
  });
  const recheckLocal = watching.recheck;
  io.on('recheck_map', (mapId) => void recheckLocal(mapId));

  /** Hand one owner's devices to this instance's sockets (each through its own outbox). */
  function deliverLocal(ownerId: string, devices: PublishedDevice[]) {
    const rooms = io.of('/').adapter.rooms;
    const socketsIn = (room: string) => {
      const ids = rooms.get(room);
      if (!ids) return undefined;
      const out: AppSocket[] = [];
      for (const id of ids) {
        const s = sockets.get(id);
        if (s) out.push(s);
      }
      return out;
    };
    /** Each map's watchers, looked up once per publish rather than once per device. */
    const watchers = new Map<string, AppSocket[] | undefined>();
    const perSocket = fanOut(devices, {
      ownerSockets: socketsIn(ownerRoom(ownerId)),
      watchers: (mapId) => {
        if (!watchers.has(mapId)) watchers.set(mapId, socketsIn(mapRoom(mapId)));
        return watchers.get(mapId);
      },
      isOwner: (s) => s.data.user.id === ownerId,
      watches: (s, mapId) => s.data.watching.has(mapId),
    });
    for (const [socket, updates] of perSocket) outboxes.send(outboxView(socket), updates);
  }
  /** Told of every update published on another instance (the live module merges their signals). */
  const remoteListeners: ((ownerId: string, devices: PublishedDevice[]) => void)[] = [];
  // Updates published on other instances arrive here (only with the Redis adapter).
  io.on('device_updates', (ownerId, devices) => {
    for (const fn of remoteListeners) fn(ownerId, devices);
    deliverLocal(ownerId, devices);
  });

  // A revoked token (sign-out, password change, disabled account) closes its sockets at once, on
  // every instance: with Redis, disconnectSockets travels through the adapter's channel.
  const onRevoked = (hashes: string[]) => {
    if (hashes.length > 0) io.in(hashes.map(tokenRoom)).disconnectSockets(true);
  };
  auth.events.on('revoked', onRevoked);

  // Sessions can also end elsewhere (the account CLI, expiry): re-check the open sockets' sessions
  // now and then and close those that ended.
  const recheck = setInterval(() => {
    const open = [...sockets.values()];
    if (open.length === 0) return;
    auth.activeSessions([...new Set(open.map((s) => s.data.tokenHash))]).then(
      (active) => {
        for (const s of open) if (!active.has(s.data.tokenHash)) s.disconnect(true);
      },
      () => undefined, // the database is unreachable: keep sockets, try again next time
    );
  }, sessionRecheckMs);
  recheck.unref();

  return {
    io,
    /** Publish one owner's devices to the sockets here and, with Redis, on every other instance. */
    publish(ownerId: string, devices: PublishedDevice[]) {
      if (devices.length === 0) return;
      deliverLocal(ownerId, devices);
      if (redis) io.serverSideEmit('device_updates', ownerId, devices);
    },
    /** Tell the other instances (with Redis) of a change positions depend on. */
    broadcastPositionChange(change: PositionChange) {
      if (redis) io.serverSideEmit('positions_changed', change);
    },
    onPositionChange(fn: (change: PositionChange) => void) {
      io.on('positions_changed', fn);
    },
    /** Where pongs read how often devices are located now (s). */
    locatingFrom(fn: () => number) {
      locatingEveryS = fn;
    },
    /** Who may read a map changed (sharing, made private, deleted): watchers are checked again. */
    recheckMap(mapId: string): Promise<void> {
      if (redis) io.serverSideEmit('recheck_map', mapId);
      return recheckLocal(mapId);
    },
    /**
     * Listen to updates published on other instances (with Redis): their signal maps carry the
     * gateways that heard a device there, so every instance's signal cache stays complete.
     */
    onRemoteUpdates(fn: (ownerId: string, devices: PublishedDevice[]) => void) {
      remoteListeners.push(fn);
    },
    connectedSockets: () => sockets.size,
    /** Slow-client figures: updates waiting, replaced by newer ones, or dropped. */
    realtimeStats: () => outboxes.stats(),
    /** Devices waiting for one socket of this instance. */
    pendingFor: (socketId: string) => outboxes.pendingFor(socketId),
    /**
     * Close this instance's sockets (not the other instances'), so the HTTP server can stop: an
     * open websocket would otherwise keep it waiting. Clients reconnect to another instance.
     */
    disconnectLocal: () => io.local.disconnectSockets(true),
    close: () => {
      clearInterval(recheck);
      auth.events.off('revoked', onRevoked);
      return new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
export type Hub = ReturnType<typeof createHub>;
