/**
 * The realtime channel: Socket.IO at /sqws, websocket only, authenticated by the session token.
 * With Redis (several instances) updates and revocations travel through Socket.IO's Redis adapter.
 */
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type Socket } from 'socket.io';
import {
  CONNECTION_ERRORS,
  SOCKET_PATH,
  SOCKET_PROTOCOL_VERSION,
  type ClientToServerEvents,
  type DeviceUpdate,
  type ServerToClientEvents,
} from '@rtls/contract';
import { tokenHash } from '../../lib/secrets.ts';
import { REDIS_PREFIX, type RedisLink } from '../../lib/redis.ts';
import type { AuthService, AuthUser } from '../auth/service.ts';
import { createOutboxes, type OutboxSocket } from './outbox.ts';

export interface SocketData {
  user: AuthUser;
  tokenHash: string;
}

/** Events between instances (through the Redis adapter), never seen by browsers. */
export interface InterServerEvents {
  /** Live updates published on another instance, for this instance's sockets of that owner. */
  device_updates: (ownerId: string, updates: DeviceUpdate[]) => void;
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
  /** Most devices a slow socket may have pending before the oldest are dropped. */
  maxPendingPerSocket?: number;
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
    maxPendingPerSocket = 5_000,
  }: HubOptions,
) {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>(
    httpServer,
    {
      path: SOCKET_PATH,
      transports: ['websocket'],
      serveClient: false,
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
  const outboxes = createOutboxes({ maxPending: maxPendingPerSocket });

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || token === '')
      return next(new Error(CONNECTION_ERRORS.noToken));
    try {
      const user = await auth.authenticate(token);
      if (!user) return next(new Error(CONNECTION_ERRORS.authFailed));
      socket.data.user = user;
      socket.data.tokenHash = tokenHash(token);
      next();
    } catch {
      next(new Error(CONNECTION_ERRORS.authFailed));
    }
  });

  io.on('connection', (socket: AppSocket) => {
    void socket.join([ownerRoom(socket.data.user.id), tokenRoom(socket.data.tokenHash)]);
    outboxes.attach(outboxView(socket));
    socket.on('ping', () =>
      socket.emit('pong', { timestamp: Date.now(), protocol: SOCKET_PROTOCOL_VERSION }),
    );
  });

  /** Hand updates to this instance's sockets of the owner (each through its own outbox). */
  function deliverLocal(ownerId: string, updates: DeviceUpdate[]) {
    const ids = io.of('/').adapter.rooms.get(ownerRoom(ownerId));
    if (!ids) return;
    for (const id of ids) {
      const socket = sockets.get(id);
      if (socket) outboxes.send(outboxView(socket), updates);
    }
  }
  /** Told of every update published on another instance (the pipeline merges their signals). */
  const remoteListeners: ((ownerId: string, updates: DeviceUpdate[]) => void)[] = [];
  // Updates published on other instances arrive here (only with the Redis adapter).
  io.on('device_updates', (ownerId, updates) => {
    for (const fn of remoteListeners) fn(ownerId, updates);
    deliverLocal(ownerId, updates);
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
    /** Publish one owner's updates to its sockets here and, with Redis, on every other instance. */
    publish(ownerId: string, updates: DeviceUpdate[]) {
      if (updates.length === 0) return;
      deliverLocal(ownerId, updates);
      if (redis) io.serverSideEmit('device_updates', ownerId, updates);
    },
    /**
     * Listen to updates published on other instances (with Redis): their signal maps carry the
     * gateways that heard a device there, so every instance's signal cache stays complete.
     */
    onRemoteUpdates(fn: (ownerId: string, updates: DeviceUpdate[]) => void) {
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
