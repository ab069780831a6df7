import net from 'node:net';

/**
 * A TCP relay to Redis that can be cut and restored, to play an outage: cut closes the open
 * connections and stops listening (new connections are refused, as with Redis down); restore
 * listens again on the same port.
 */
export async function redisRelay(redisUrl: string) {
  const target = new URL(redisUrl);
  const open = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || 6379), target.hostname);
    for (const s of [inbound, outbound]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut() {
      server.close();
      for (const s of open) s.destroy();
    },
    restore: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        if (!server.listening) return resolve();
        server.close(() => resolve());
      }),
  };
}
