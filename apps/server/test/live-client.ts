/** Realtime (Socket.IO) clients of a test server, as the console connects them. */
import {
  SOCKET_PATH,
  SOCKET_PROTOCOL_VERSION,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@rtls/contract';
import { io, type Socket } from 'socket.io-client';
import { afterEach } from 'vitest';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A socket of the user at baseUrl (http://127.0.0.1:<port>), connecting but not yet connected. */
export function clientSocket(baseUrl: string, token: string): ClientSocket {
  return io(baseUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: { token, protocol: SOCKET_PROTOCOL_VERSION },
    reconnection: false,
    forceNew: true,
  });
}

/** Resolves with the socket once connected; rejects with the connect error. */
export function connected<S extends Socket>(s: S): Promise<S> {
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

/** A connected socket of the user. */
export function connectClient(baseUrl: string, token: string): Promise<ClientSocket> {
  return connected(clientSocket(baseUrl, token));
}

/** The sockets a test opens (push each one), disconnected after each test. */
export function socketsOfEachTest<S extends { disconnect(): unknown } = ClientSocket>(): S[] {
  const open: S[] = [];
  afterEach(() => {
    for (const s of open.splice(0)) s.disconnect();
  });
  return open;
}
