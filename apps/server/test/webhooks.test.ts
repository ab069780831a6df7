/**
 * Webhooks: signed deliveries (HMAC-SHA256 over timestamp and body), retried with backoff while the
 * receiver is down and delivered in order when it returns; dead letters after the last attempt,
 * retried on request; each account sees only its own webhooks.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type DeadLetter,
  type Webhook,
  type WebhookPayload,
} from '@rtls/contract';
import { afterEach, expect, it } from 'vitest';
import { createDeliveryWorker } from '../src/modules/webhooks/delivery.ts';
import { webhooksRepository } from '../src/modules/webhooks/repository.ts';
import { verifySignature } from '../src/modules/webhooks/sign.ts';
import { createSignedInUser, describeEachDb } from './helpers.ts';
import { api, atOnce, ownMap, walker } from './zones-helpers.ts';

interface Received {
  payload: WebhookPayload;
  valid: boolean;
}

/** A local receiver on `port` that records deliveries, checking their signatures. */
function receiver(secret: () => string, port = 0, status = 200) {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const sig = req.headers[WEBHOOK_SIGNATURE_HEADER] as string | undefined;
      const ts = req.headers[WEBHOOK_TIMESTAMP_HEADER] as string | undefined;
      got.push({
        payload: JSON.parse(body) as WebhookPayload,
        valid: verifySignature(secret(), sig, ts, body),
      });
      res.writeHead(status).end();
    });
  });
  const listening = new Promise<number>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
  return { got, listening, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const r = receiver(() => '');
  const port = await r.listening;
  await r.close();
  return port;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

describeEachDb(
  'webhooks',
  (t) => {
    it('delivers every event in order, signed, after a receiver that was down comes back', async () => {
      const { owner, mapId, a } = await ownMap(t.built);
      const port = await freePort();
      const created = await a.call('POST', '/api/webhooks', {
        url: `http://127.0.0.1:${port}/hook`,
      });
      expect(created.statusCode).toBe(201);
      const { webhook, secret } = created.json() as { webhook: Webhook; secret: string };
      expect(secret).toMatch(/^whsec_/);
      expect(webhook.events).toEqual([]);
      // The secret is shown once: never in the list.
      expect((await a.call('GET', '/api/webhooks')).body).not.toContain(secret);

      const ward = await a.zone(mapId, 'Ward');
      // Every entry raises its own alert: no dwell, no cool-down.
      await a.rule(mapId, atOnce('In', ward.id, 'info'));
      const tag = walker(t.built, owner.id, mapId, 'CC:00:00:00:00:01', Date.now() - 600_000);
      for (let i = 0; i < 3; i++) {
        await tag.stand(100, 100, 8);
        await tag.stand(700, 700, 12);
      }
      // Down: attempts fail and are retried; nothing is lost.
      await expect
        .poll(
          async () =>
            ((await a.call('GET', '/api/webhooks')).json() as { webhooks: Webhook[] }).webhooks[0],
        )
        .toMatchObject({ pending: 9, lastError: expect.any(String) });

      const r = receiver(() => secret, port);
      closers.push(r.close);
      await r.listening;
      await expect.poll(() => r.got.length, { timeout: 15_000 }).toBe(9);
      expect(r.got.every((g) => g.valid)).toBe(true);
      const kinds = r.got.map((g) => (g.payload.event ? g.payload.event.type : g.payload.topic));
      expect(kinds).toEqual([
        'enter',
        'alert.opened',
        'exit',
        'enter',
        'alert.opened',
        'exit',
        'enter',
        'alert.opened',
        'exit',
      ]);
      expect(new Set(r.got.map((g) => g.payload.id)).size).toBe(9);
      expect(r.got.every((g) => g.payload.webhookId === webhook.id)).toBe(true);
    });

    it('sends only the topics a webhook asks for; other accounts neither see nor change it', async () => {
      const { owner, mapId, a } = await ownMap(t.built);
      const r = receiver(() => secret);
      closers.push(r.close);
      const port = await r.listening;
      const res = await a.call('POST', '/api/webhooks', {
        url: `http://127.0.0.1:${port}/`,
        events: ['exit'],
      });
      const { webhook, secret } = res.json() as { webhook: Webhook; secret: string };
      await a.zone(mapId, 'Ward');
      const tag = walker(t.built, owner.id, mapId, 'CC:00:00:00:00:02', Date.now() - 600_000);
      await tag.stand(100, 100, 8);
      await tag.stand(700, 700, 12);
      await expect.poll(() => r.got.length).toBe(1);
      expect(r.got[0]!.payload.event).toMatchObject({ type: 'exit', mapId });

      const other = api(t.built, (await createSignedInUser(t.built, 'other')).token);
      expect((await other.call('GET', '/api/webhooks')).json()).toEqual({
        success: true,
        webhooks: [],
      });
      expect(
        (await other.call('PUT', `/api/webhooks/${webhook.id}`, { enabled: false })).statusCode,
      ).toBe(404);
      expect((await other.call('DELETE', `/api/webhooks/${webhook.id}`)).statusCode).toBe(404);
      for (const url of ['ftp://example.com/x', 'not a url', 'http://169.254.169.254/latest/'])
        expect((await a.call('POST', '/api/webhooks', { url })).statusCode).toBe(400);
    });
  },
  {
    config: {
      alertingTimers: false,
      webhookRetry: { baseMs: 50, capMs: 300, maxAttempts: 10_000, timeoutMs: 2_000 },
    },
  },
);

describeEachDb(
  'webhook dead letters',
  (t) => {
    it('moves a delivery that failed every attempt to the dead letters, and retries it on request', async () => {
      const { owner, mapId, a } = await ownMap(t.built);
      const failing = receiver(() => secret, 0, 500);
      closers.push(failing.close);
      const port = await failing.listening;
      const res = await a.call('POST', '/api/webhooks', { url: `http://127.0.0.1:${port}/` });
      const { secret } = res.json() as { secret: string };
      await a.zone(mapId, 'Ward');
      await walker(t.built, owner.id, mapId, 'CC:00:00:00:00:03', Date.now() - 60_000).stand(
        100,
        100,
        8,
      );
      const dead = async () =>
        (
          (await a.call('GET', '/api/webhooks/dead-letters')).json() as {
            deadLetters: DeadLetter[];
          }
        ).deadLetters;
      // Every attempt has to fail first: allow a busy machine its time.
      await expect.poll(async () => (await dead()).length, { timeout: 15_000 }).toBe(1);
      const [letter] = await dead();
      expect(letter).toMatchObject({
        attempts: 3,
        lastStatus: 500,
        lastError: 'HTTP 500',
        payload: { topic: 'event' },
      });
      expect(failing.got).toHaveLength(3);

      await failing.close();
      const ok = receiver(() => secret, port);
      closers.push(ok.close);
      await ok.listening;
      expect(
        (await a.call('POST', `/api/webhooks/dead-letters/${letter!.id}/retry`)).statusCode,
      ).toBe(200);
      await expect.poll(() => ok.got.length).toBe(1);
      expect(ok.got[0]!.payload.id).toBe(letter!.payload.id);
      expect(await dead()).toEqual([]);
      expect(
        (await a.call('POST', `/api/webhooks/dead-letters/${letter!.id}/retry`)).statusCode,
      ).toBe(404);
    });

    it('keeps queued deliveries across a restart of the sender', async () => {
      const { owner, mapId, a } = await ownMap(t.built);
      const port = await freePort();
      const res = await a.call('POST', '/api/webhooks', { url: `http://127.0.0.1:${port}/` });
      const { secret } = res.json() as { secret: string };
      // The sender stops (as the process would) with deliveries queued behind a down receiver.
      await t.built.webhooks.worker.close();
      await a.zone(mapId, 'Ward');
      const tag = walker(t.built, owner.id, mapId, 'CC:00:00:00:00:04', Date.now() - 60_000);
      await tag.stand(100, 100, 8);
      await tag.stand(700, 700, 12);
      const r = receiver(() => secret, port);
      closers.push(r.close);
      await r.listening;
      const restarted = createDeliveryWorker({
        repo: webhooksRepository(t.sql),
        retry: { baseMs: 20, capMs: 50, maxAttempts: 3 },
      });
      closers.push(restarted.close);
      await expect.poll(() => r.got.map((g) => g.payload.event?.type)).toEqual(['enter', 'exit']);
    });
  },
  {
    config: {
      alertingTimers: false,
      webhookRetry: { baseMs: 20, capMs: 50, maxAttempts: 3, timeoutMs: 2_000 },
    },
  },
);
