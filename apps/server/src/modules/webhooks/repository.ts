/**
 * Webhooks and their delivery queue in SQL. Deliveries of one webhook go out in `seq` order: only
 * the oldest live one (the head) is ever attempted, and an attempt leases it so two instances never
 * send it together. A delivery that keeps failing becomes a dead letter and the next one proceeds.
 */
import { randomUUID } from 'node:crypto';
import type { DeadLetter, Webhook, WebhookPayload, WebhookTopic } from '@rtls/contract';
import type { Sql } from '../../lib/db.ts';

interface WebhookRow {
  id: string;
  owner_id: string;
  url: string;
  secret: string;
  events: WebhookTopic[] | string;
  enabled: boolean;
  last_error: string | null;
  created_at: Date | string;
  pending?: number | string;
}
interface DeliveryRow {
  seq: string | number;
  id: string;
  webhook_id: string;
  payload: WebhookPayload | string;
  attempts: number;
  last_error: string | null;
  last_status: number | null;
  created_at: Date | string;
  failed_at: Date | string | null;
  url?: string;
  secret?: string;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const iso = (d: Date | string) => new Date(d).toISOString();

export interface StoredWebhook extends Webhook {
  ownerId: string;
  secret: string;
}
const present = (r: WebhookRow): StoredWebhook => ({
  id: r.id,
  ownerId: r.owner_id,
  url: r.url,
  secret: r.secret,
  events: json(r.events),
  enabled: r.enabled,
  createdAt: iso(r.created_at),
  pending: Number(r.pending ?? 0),
  lastError: r.last_error,
});

export interface Due {
  seq: number;
  id: string;
  webhookId: string;
  url: string;
  secret: string;
  payload: WebhookPayload;
  attempts: number;
}

const WITH_PENDING = `select w.*, (select count(*) from webhook_deliveries d
  where d.webhook_id = w.id and not d.dead) as pending from webhooks w`;

export function webhooksRepository(sql: Sql) {
  return {
    async ofOwner(ownerId: string): Promise<StoredWebhook[]> {
      const rows = await sql.query<WebhookRow>(
        `${WITH_PENDING} where w.owner_id = $1 order by w.created_at, w.id`,
        [ownerId],
      );
      return rows.map(present);
    },
    async get(ownerId: string, id: string): Promise<StoredWebhook | null> {
      const rows = await sql.query<WebhookRow>(
        `${WITH_PENDING} where w.owner_id = $1 and w.id = $2`,
        [ownerId, id],
      );
      return rows[0] ? present(rows[0]) : null;
    },
    async insert(w: {
      ownerId: string;
      url: string;
      secret: string;
      events: WebhookTopic[];
      enabled: boolean;
    }) {
      const id = randomUUID();
      await sql.query(
        'insert into webhooks (id, owner_id, url, secret, events, enabled) values ($1, $2, $3, $4, $5::jsonb, $6)',
        [id, w.ownerId, w.url, w.secret, JSON.stringify(w.events), w.enabled],
      );
      return id;
    },
    async update(
      ownerId: string,
      id: string,
      w: { url: string; events: WebhookTopic[]; enabled: boolean },
    ) {
      await sql.query(
        'update webhooks set url = $3, events = $4::jsonb, enabled = $5 where owner_id = $1 and id = $2',
        [ownerId, id, w.url, JSON.stringify(w.events), w.enabled],
      );
    },
    async remove(ownerId: string, id: string): Promise<boolean> {
      const rows = await sql.query(
        'delete from webhooks where owner_id = $1 and id = $2 returning id',
        [ownerId, id],
      );
      return rows.length > 0;
    },
    /** Queue one payload for each of these webhooks (in one statement, so in one order). */
    async enqueue(items: { webhookId: string; payload: WebhookPayload }[]): Promise<void> {
      if (items.length === 0) return;
      await sql.query(
        `insert into webhook_deliveries (id, webhook_id, payload)
         select u.id, u.w, u.p::jsonb from unnest($1::text[], $2::text[], $3::text[]) with ordinality as u(id, w, p, n)
          order by u.n`,
        [
          items.map((i) => i.payload.id),
          items.map((i) => i.webhookId),
          items.map((i) => JSON.stringify(i.payload)),
        ],
      );
    },
    /**
     * The heads of enabled webhooks' queues that are due, each leased for `leaseMs` (an attempt in
     * flight is not started again here or elsewhere).
     */
    async leaseDue(leaseMs: number, limit = 20): Promise<Due[]> {
      const rows = await sql.query<DeliveryRow>(
        `update webhook_deliveries d
            set next_attempt_at = now() + ($1::text || ' milliseconds')::interval
           from webhooks w
          where w.id = d.webhook_id and d.next_attempt_at <= now()
            and d.seq in (
              select h.seq from (
                select distinct on (d2.webhook_id) d2.seq, d2.next_attempt_at
                  from webhook_deliveries d2 join webhooks w2 on w2.id = d2.webhook_id
                 where not d2.dead and w2.enabled
                 order by d2.webhook_id, d2.seq) h
               where h.next_attempt_at <= now()
               order by h.seq limit $2)
         returning d.*, w.url, w.secret`,
        [String(leaseMs), limit],
      );
      return rows.map((r) => ({
        seq: Number(r.seq),
        id: r.id,
        webhookId: r.webhook_id,
        url: r.url!,
        secret: r.secret!,
        payload: json(r.payload),
        attempts: r.attempts,
      }));
    },
    async succeeded(webhookId: string, seq: number): Promise<void> {
      await sql.query('delete from webhook_deliveries where seq = $1', [seq]);
      await sql.query('update webhooks set last_error = null where id = $1', [webhookId]);
    },
    /** A failed attempt: try again at `retryAt`, or give up (dead letter). */
    async failed(
      d: Due,
      f: { error: string; status: number | null; retryAt: Date | null },
    ): Promise<void> {
      await sql.query(
        `update webhook_deliveries set attempts = attempts + 1, last_error = $2, last_status = $3,
                next_attempt_at = coalesce($4::timestamptz, next_attempt_at),
                dead = $4::timestamptz is null,
                failed_at = case when $4::timestamptz is null then now() else failed_at end
          where seq = $1`,
        [d.seq, f.error, f.status, f.retryAt?.toISOString() ?? null],
      );
      await sql.query('update webhooks set last_error = $2 where id = $1', [d.webhookId, f.error]);
    },
    async deadLetters(ownerId: string): Promise<DeadLetter[]> {
      const rows = await sql.query<DeliveryRow>(
        `select d.*, w.url from webhook_deliveries d join webhooks w on w.id = d.webhook_id
          where w.owner_id = $1 and d.dead order by d.seq desc limit 500`,
        [ownerId],
      );
      return rows.map((r) => ({
        id: r.id,
        webhookId: r.webhook_id,
        url: r.url!,
        attempts: r.attempts,
        lastError: r.last_error ?? '',
        lastStatus: r.last_status,
        createdAt: iso(r.created_at),
        failedAt: iso(r.failed_at ?? r.created_at),
        payload: json(r.payload),
      }));
    },
    /** Put a dead letter back in its queue, in its original place, for a fresh set of attempts. */
    async retry(ownerId: string, id: string): Promise<boolean> {
      const rows = await sql.query(
        `update webhook_deliveries d set dead = false, attempts = 0, next_attempt_at = now(), failed_at = null
          from webhooks w where w.id = d.webhook_id and w.owner_id = $1 and d.id = $2 and d.dead
          returning d.id`,
        [ownerId, id],
      );
      return rows.length > 0;
    },
  };
}
export type WebhooksRepository = ReturnType<typeof webhooksRepository>;
