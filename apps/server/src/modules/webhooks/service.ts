/**
 * Webhooks of an account: its own only (create, list, change, delete, dead letters, retry), and
 * the sink that queues the account's events and alert changes for its enabled webhooks.
 */
import { randomUUID } from 'node:crypto';
import {
  ALERTING_ERRORS,
  WEBHOOK_LIMITS,
  type AlertUpdate,
  type DeadLetter,
  type Webhook,
  type WebhookCreateBody,
  type WebhookPayload,
  type WebhookTopic,
  type WebhookUpdateBody,
  type ZoneEvent,
} from '@rtls/contract';
import { badRequest, conflict, HttpError } from '../../lib/errors.ts';
import type { AlertingSink } from '../alerts/engine.ts';
import type { DeliveryWorker } from './delivery.ts';
import type { Sql } from '../../lib/db.ts';
import { webhooksRepository, type StoredWebhook, type WebhooksRepository } from './repository.ts';
import { newWebhookSecret } from './sign.ts';
import { urlRefusal } from './targets.ts';

const notFound = () => new HttpError(404, ALERTING_ERRORS.webhookNotFound.en);
const publicView = ({ ownerId: _o, secret: _s, ...w }: StoredWebhook): Webhook => w;

function checkedUrl(url: string, allowPrivate: boolean): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw badRequest(ALERTING_ERRORS.webhookUrl.en);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw badRequest(ALERTING_ERRORS.webhookUrl.en);
  const refusal = urlRefusal(u, allowPrivate);
  if (refusal === 'metadata') throw badRequest(ALERTING_ERRORS.webhookMetadata.en);
  if (refusal) throw badRequest(ALERTING_ERRORS.webhookTarget.en);
  return u.toString();
}
const uniqueTopics = (t: WebhookTopic[] | undefined) => [...new Set(t ?? [])];

export function webhooksService(
  repo: WebhooksRepository,
  worker: DeliveryWorker,
  allowPrivate = true,
) {
  /** Enabled webhooks per owner, briefly cached (every event asks). */
  const cache = new Map<string, { at: number; hooks: Promise<StoredWebhook[]> }>();
  const enabledOf = (ownerId: string, store: WebhooksRepository) => {
    const hit = cache.get(ownerId);
    if (hit && Date.now() - hit.at < 5_000) return hit.hooks;
    const hooks = store.ofOwner(ownerId).then((l) => l.filter((w) => w.enabled));
    hooks.catch(() => cache.delete(ownerId));
    cache.set(ownerId, { at: Date.now(), hooks });
    return hooks;
  };
  const changed = (ownerId: string) => cache.delete(ownerId);

  /** Queue deliveries in the caller's transaction (the event or alert change is stored in it). */
  async function queue(
    ownerId: string,
    topic: WebhookTopic,
    make: (id: string, webhookId: string) => WebhookPayload,
    tx: Sql | undefined,
  ) {
    const store = tx ? webhooksRepository(tx) : repo;
    const hooks = (await enabledOf(ownerId, store)).filter(
      (w) => w.events.length === 0 || w.events.includes(topic),
    );
    if (hooks.length === 0) return;
    await store.enqueue(hooks.map((w) => ({ webhookId: w.id, payload: make(randomUUID(), w.id) })));
    if (!tx) worker.kick();
  }

  const sink: AlertingSink = {
    durable: true,
    event: (event: ZoneEvent, ownerId: string, tx?: Sql) =>
      queue(
        ownerId,
        event.type,
        (id, webhookId) => ({
          id,
          webhookId,
          topic: 'event',
          at: new Date().toISOString(),
          event,
        }),
        tx,
      ),
    alert: (u: AlertUpdate, ownerId: string, tx?: Sql) =>
      queue(
        ownerId,
        'alert',
        (id, webhookId) => ({
          id,
          webhookId,
          topic: u.action === 'opened' ? 'alert.opened' : 'alert.updated',
          at: new Date().toISOString(),
          alert: u.alert,
        }),
        tx,
      ),
    committed: () => worker.kick(),
  };

  return {
    sink,
    async list(ownerId: string): Promise<Webhook[]> {
      return (await repo.ofOwner(ownerId)).map(publicView);
    },
    async create(ownerId: string, body: WebhookCreateBody) {
      const url = checkedUrl(body.url, allowPrivate);
      if ((await repo.ofOwner(ownerId)).length >= WEBHOOK_LIMITS.maxPerAccount)
        throw conflict(ALERTING_ERRORS.tooManyWebhooks.en);
      const secret = newWebhookSecret();
      const id = await repo.insert({
        ownerId,
        url,
        secret,
        events: uniqueTopics(body.events),
        enabled: body.enabled ?? true,
      });
      changed(ownerId);
      return { webhook: publicView((await repo.get(ownerId, id))!), secret };
    },
    async update(ownerId: string, id: string, body: WebhookUpdateBody): Promise<Webhook> {
      const current = await repo.get(ownerId, id);
      if (!current) throw notFound();
      await repo.update(ownerId, id, {
        url: body.url === undefined ? current.url : checkedUrl(body.url, allowPrivate),
        events: body.events === undefined ? current.events : uniqueTopics(body.events),
        enabled: body.enabled ?? current.enabled,
      });
      changed(ownerId);
      worker.kick();
      return publicView((await repo.get(ownerId, id))!);
    },
    async remove(ownerId: string, id: string): Promise<void> {
      if (!(await repo.remove(ownerId, id))) throw notFound();
      changed(ownerId);
    },
    deadLetters: (ownerId: string): Promise<DeadLetter[]> => repo.deadLetters(ownerId),
    async retry(ownerId: string, id: string): Promise<void> {
      if (!(await repo.retry(ownerId, id)))
        throw new HttpError(404, ALERTING_ERRORS.deadLetterNotFound.en);
      worker.kick();
    },
  };
}
export type WebhooksService = ReturnType<typeof webhooksService>;
