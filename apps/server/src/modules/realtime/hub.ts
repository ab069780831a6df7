/** The realtime channel: Socket.IO at /sqws, websocket only, authenticated by the session token. */
import type { Server as HttpServer } from 'node:http';
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
import type { AuthService, AuthUser } from '../auth/service.ts';

export interface SocketData {
  user: AuthUser;
  tokenHash: string;
}
type AppSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export const ownerRoom = (ownerId: string) => `owner:${ownerId}`;

export interface HubOptions {
  auth: AuthService;
  /** Extra allowed browser origins; the request's own host is always allowed. */
  allowedOrigins: string[];
  /** How often open sockets' sessions are re-checked against the database. */
  sessionRecheckMs?: number;
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
  { auth, allowedOrigins, sessionRecheckMs = 30_000 }: HubOptions,
) {
  const io = new Server<
    ClientToServerEvents,
    ServerToClientEvents,
    Record<string, never>,
    SocketData
  >(httpServer, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: 16 * 1024,
    pingInterval: 20_000,
    pingTimeout: 20_000,
    allowRequest: (req, callback) =>
      callback(null, originAllowed(req.headers.origin, req.headers.host, allowedOrigins)),
  });

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
    void socket.join(ownerRoom(socket.data.user.id));
    socket.on('ping', () =>
      socket.emit('pong', { timestamp: Date.now(), protocol: SOCKET_PROTOCOL_VERSION }),
    );
  });

  // A revoked token (sign-out, password change, disabled account) closes its sockets at once.
  auth.events.on('revoked', (hashes: string[]) => {
    const set = new Set(hashes);
    for (const s of io.of('/').sockets.values()) if (set.has(s.data.tokenHash)) s.disconnect(true);
  });

  // Sessions can also end elsewhere (the account CLI, another instance, expiry): re-check the
  // open sockets' sessions now and then and close those that ended.
  const recheck = setInterval(() => {
    const sockets = [...io.of('/').sockets.values()];
    if (sockets.length === 0) return;
    auth.activeSessions([...new Set(sockets.map((s) => s.data.tokenHash))]).then(
      (active) => {
        for (const s of sockets) if (!active.has(s.data.tokenHash)) s.disconnect(true);
      },
      () => undefined, // the database is unreachable: keep sockets, try again next time
    );
  }, sessionRecheckMs);
  recheck.unref();

  return {
    io,
    publish(ownerId: string, updates: DeviceUpdate[]) {
      const room = io.to(ownerRoom(ownerId));
      for (const u of updates) room.emit('device_update', u);
    },
    connectedSockets: () => io.of('/').sockets.size,
    close: () => {
      clearInterval(recheck);
      return new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
export type Hub = ReturnType<typeof createHub>;
