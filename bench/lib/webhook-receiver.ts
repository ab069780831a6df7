/**
 * A webhook receiver for benchmarks: listens on a fixed port only while it is "up" (down, the port
 * refuses connections as a crashed receiver's would), checks every delivery's signature and keeps
 * the payloads in arrival order.
 */
import http from 'node:http';
import {
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type WebhookPayload,
} from '@rtls/contract';
import { verifySignature } from '../../apps/server/src/modules/webhooks/sign.ts';

export interface WebhookReceiver {
  url: string;
  /** Payloads with a valid signature, in arrival order. */
  received: WebhookPayload[];
  /** Deliveries whose signature did not verify (answered 401). */
  badSignatures: number;
  setSecret(secret: string): void;
  up(): Promise<void>;
  down(): Promise<void>;
}

export function webhookReceiver(port: number): WebhookReceiver {
  let secret = '';
  let server: http.Server | null = null;
  const r: WebhookReceiver = {
    url: `http://127.0.0.1:${port}/hook`,
    received: [],
    badSignatures: 0,
    setSecret: (s) => void (secret = s),
    up: () =>
      new Promise((resolve, reject) => {
        server = http.createServer((req, res) => {
          const chunks: Buffer[] = [];
          req.on('data', (c: Buffer) => chunks.push(c));
          req.on('end', () => {
            const body = Buffer.concat(chunks).toString('utf8');
            const sig = req.headers[WEBHOOK_SIGNATURE_HEADER];
            const ts = req.headers[WEBHOOK_TIMESTAMP_HEADER];
            if (!verifySignature(secret, String(sig ?? ''), String(ts ?? ''), body)) {
              r.badSignatures++;
              res.writeHead(401).end();
              return;
            }
            r.received.push(JSON.parse(body) as WebhookPayload);
            res.writeHead(204).end();
          });
        });
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    down: () =>
      new Promise((resolve) => {
        if (!server) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
        server = null;
      }),
  };
  return r;
}
