/**
 * A TCP proxy standing in front of the instances as a load balancer would: each new connection
 * goes to the first backend that accepts it, in the order given, so once the first backend is
 * dead (its port refuses) new connections land on the next. An open connection ends with its
 * backend, which is what a client of a dead instance sees.
 */
import net from 'node:net';

export interface FailoverProxy {
  url: string;
  /** Connections forwarded so far, per backend port. */
  forwarded: Map<number, number>;
  close(): Promise<void>;
}

/** Connect to the first of `ports` on 127.0.0.1 that accepts, or null when none does. */
function firstAccepting(
  ports: readonly number[],
): Promise<{ port: number; socket: net.Socket } | null> {
  return new Promise((resolve) => {
    const attempt = (i: number) => {
      const port = ports[i];
      if (port === undefined) return resolve(null);
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.removeAllListeners('error');
        resolve({ port, socket });
      });
      socket.once('error', () => {
        socket.destroy();
        attempt(i + 1);
      });
    };
    attempt(0);
  });
}

export async function startFailoverProxy(backendPorts: readonly number[]): Promise<FailoverProxy> {
  const open = new Set<net.Socket>();
  const forwarded = new Map<number, number>();
  const server = net.createServer((client) => {
    client.pause();
    open.add(client);
    client.on('error', () => undefined);
    client.once('close', () => open.delete(client));
    void firstAccepting(backendPorts).then((backend) => {
      if (!backend || client.destroyed) {
        backend?.socket.destroy();
        client.destroy();
        return;
      }
      const { port, socket } = backend;
      forwarded.set(port, (forwarded.get(port) ?? 0) + 1);
      open.add(socket);
      socket.on('error', () => undefined);
      socket.once('close', () => {
        open.delete(socket);
        client.destroy();
      });
      client.once('close', () => socket.destroy());
      client.pipe(socket);
      socket.pipe(client);
      client.resume();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
