/** Gateway reports sent over HTTP with an account's ingest key, as a gateway sends them. */

/**
 * Sends what the gateways hear from one device (gateway MAC → RSSI) every half second until
 * stopped; `first` settles when the first batch has been answered. Given a function, what they
 * hear is asked for again before every batch (a device that moves).
 */
export function feedReports(
  url: string,
  key: string,
  device: string,
  heard: Record<string, number> | (() => Record<string, number>),
) {
  const send = () =>
    fetch(`${url}/api/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ingest-key': key },
      body: JSON.stringify(
        Object.entries(typeof heard === 'function' ? heard() : heard).map(([gateway, rssi]) => ({
          gateway,
          device,
          rssi,
        })),
      ),
    }).catch(() => undefined);
  const timer = setInterval(() => void send(), 500);
  return { first: send(), stop: () => clearInterval(timer) };
}
