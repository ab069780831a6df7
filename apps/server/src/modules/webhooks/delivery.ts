/**
 * Sends queued webhook deliveries: each webhook's oldest delivery first, signed, with a timeout;
 * a failure is retried with exponential backoff (the webhook's later deliveries wait behind it)
 * until the attempts run out and it becomes a dead letter. The queue is in the database, so a
 * restart resumes where it stopped.
 */
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_RETRY,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@rtls/contract';
import type { Due, WebhooksRepository } from './repository.ts';
import { signPayload } from './sign.ts';
import { postToTarget } from './targets.ts';

export type RetryPolicy = { baseMs: number; capMs: number; maxAttempts: number; timeoutMs: number };

export const backoffMs = (p: RetryPolicy, attempts: number) =>
  Math.min(p.capMs, p.baseMs * 2 ** Math.min(attempts, 30));

export function createDeliveryWorker(opts: {
  repo: WebhooksRepository;
  retry?: Partial<RetryPolicy>;
  pollMs?: number;
  timers?: boolean;
  /** Whether loopback and private networks are receivers (see targets.ts); default true. */
  allowPrivate?: boolean;
  onError?: (err: unknown) => void;
}) {
  const { repo, onError = () => undefined } = opts;
  const policy: RetryPolicy = { ...WEBHOOK_RETRY, ...opts.retry };
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  async function send(d: Due): Promise<void> {
    const body = JSON.stringify(d.payload);
    const ts = Math.floor(Date.now() / 1000);
    let status: number | null = null;
    let error: string;
    try {
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'rtls-console-webhooks/1',
        [WEBHOOK_SIGNATURE_HEADER]: signPayload(d.secret, ts, body),
        [WEBHOOK_TIMESTAMP_HEADER]: String(ts),
        [WEBHOOK_DELIVERY_HEADER]: d.id,
      };
      const answer = await postToTarget(d.url, headers, body, {
        timeoutMs: policy.timeoutMs,
        allowPrivate: opts.allowPrivate ?? true,
      });
      if (answer >= 200 && answer < 300) return repo.succeeded(d.webhookId, d.seq);
      status = answer;
      error = `HTTP ${answer}`;
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      error = e.code === 'ETIMEDOUT' ? 'timed out' : (e.code ?? e.message);
    }
    const attempts = d.attempts + 1;
    const retryAt =
      attempts >= policy.maxAttempts ? null : new Date(Date.now() + backoffMs(policy, d.attempts));
    await repo.failed(d, { error, status, retryAt });
  }

  async function runOnce(): Promise<number> {
    const due = await repo.leaseDue(policy.timeoutMs + 5_000);
    await Promise.all(due.map((d) => send(d).catch(onError)));
    return due.length;
  }

  /** Send what is due now, and keep going while there is more. */
  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        while (!closed && (await runOnce()) > 0);
      } while (again && !closed);
    })()
      .catch(onError)
      .finally(() => (running = null));
    return running;
  }

  let timer: NodeJS.Timeout | null = null;
  if (opts.timers !== false) {
    timer = setInterval(() => void run(), opts.pollMs ?? 500);
    timer.unref();
  }
  return {
    /** Something was queued: send it soon. */
    kick: () => void run(),
    run,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
