/**
 * Webhooks: an account's events and alerts (of the maps it owns) POSTed to its own URLs.
 * GET/POST /api/webhooks, PUT/DELETE /api/webhooks/{id}, GET /api/webhooks/dead-letters,
 * POST /api/webhooks/dead-letters/{id}/retry. Each account sees and changes only its own.
 *
 * Each delivery is a JSON WebhookPayload, signed: the header WEBHOOK_SIGNATURE_HEADER is
 * `sha256=` + hex(HMAC-SHA256(secret, timestamp + "." + rawBody)), with the Unix time in seconds
 * in WEBHOOK_TIMESTAMP_HEADER (reject old timestamps to stop replays). Any 2xx is success; anything
 * else (or no answer within WEBHOOK_RETRY.timeoutMs) is retried with backoff, and deliveries of one
 * webhook go out in order: a later one waits for the earlier. After maxAttempts a delivery goes to
 * the dead-letter list and the next one proceeds; the queue lives in the database.
 */
import { Type, type Static } from '@sinclair/typebox';
import { IdParams, SuccessWith } from './api-common.ts';
import { Alert } from './alerts.ts';
import { EVENT_TYPES, ZoneEvent } from './events.ts';
import { Nullable, StringEnum } from './schema-helpers.ts';

export const WEBHOOK_SIGNATURE_HEADER = 'x-rtls-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-rtls-timestamp';
export const WEBHOOK_DELIVERY_HEADER = 'x-rtls-delivery';
/** Backoff base × 2^attempt, capped; about an hour of attempts before a dead letter. */
export const WEBHOOK_RETRY = {
  baseMs: 1_000,
  capMs: 60_000,
  maxAttempts: 60,
  timeoutMs: 10_000,
} as const;
export const WEBHOOK_LIMITS = { urlMaxChars: 2000, maxPerAccount: 20 } as const;

/** What a webhook may subscribe to: event types, and alert changes. Empty list: everything. */
export const WEBHOOK_TOPICS = [...EVENT_TYPES, 'alert'] as const;
export const WebhookTopic = StringEnum(WEBHOOK_TOPICS);
export type WebhookTopic = Static<typeof WebhookTopic>;

export const Webhook = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(WebhookTopic),
  enabled: Type.Boolean(),
  createdAt: Type.String(),
  /** Deliveries waiting (including one being retried). */
  pending: Type.Integer(),
  lastError: Nullable(Type.String()),
});
export type Webhook = Static<typeof Webhook>;

const Url = Type.String({ minLength: 8, maxLength: WEBHOOK_LIMITS.urlMaxChars });
export const WebhookCreateBody = Type.Object({
  /** http:// or https:// */
  url: Url,
  events: Type.Optional(Type.Array(WebhookTopic, { maxItems: WEBHOOK_TOPICS.length })),
  enabled: Type.Optional(Type.Boolean()),
});
export type WebhookCreateBody = Static<typeof WebhookCreateBody>;
export const WebhookUpdateBody = Type.Partial(WebhookCreateBody);
export type WebhookUpdateBody = Static<typeof WebhookUpdateBody>;
export const WebhookParams = IdParams;

export const WebhooksResponse = SuccessWith({ webhooks: Type.Array(Webhook) });
export type WebhooksResponse = Static<typeof WebhooksResponse>;
export const WebhookResponse = SuccessWith({ webhook: Webhook });
export type WebhookResponse = Static<typeof WebhookResponse>;
/** POST answer: the signing secret is shown this once and never again. */
export const WebhookCreatedResponse = SuccessWith({ webhook: Webhook, secret: Type.String() });
export type WebhookCreatedResponse = Static<typeof WebhookCreatedResponse>;

/** The body of a delivery. `event` for event topics; `alert` for alert.opened / alert.updated. */
export const WebhookPayload = Type.Object({
  id: Type.String({ description: 'Delivery id (also in the x-rtls-delivery header)' }),
  webhookId: Type.String(),
  topic: StringEnum(['event', 'alert.opened', 'alert.updated'] as const),
  at: Type.String(),
  event: Type.Optional(ZoneEvent),
  alert: Type.Optional(Alert),
});
export type WebhookPayload = Static<typeof WebhookPayload>;

export const DeadLetter = Type.Object({
  id: Type.String(),
  webhookId: Type.String(),
  url: Type.String(),
  attempts: Type.Integer(),
  lastError: Type.String(),
  /** HTTP status of the last answer, null when there was none (refused, timed out). */
  lastStatus: Nullable(Type.Integer()),
  createdAt: Type.String(),
  failedAt: Type.String(),
  payload: WebhookPayload,
});
export type DeadLetter = Static<typeof DeadLetter>;
export const DeadLettersResponse = SuccessWith({ deadLetters: Type.Array(DeadLetter) });
export type DeadLettersResponse = Static<typeof DeadLettersResponse>;
