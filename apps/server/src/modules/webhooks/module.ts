/** Wires webhooks: repository, the delivery worker and the service with its alerting sink. */
import type { Sql } from '../../lib/db.ts';
import { createDeliveryWorker, type RetryPolicy } from './delivery.ts';
import { webhooksRepository } from './repository.ts';
import { webhooksService } from './service.ts';

export function createWebhooksModule(
  sql: Sql,
  opts: {
    retry?: Partial<RetryPolicy>;
    timers: boolean;
    allowPrivate: boolean;
    onError: (err: unknown) => void;
  },
) {
  const repo = webhooksRepository(sql);
  const worker = createDeliveryWorker({
    repo,
    timers: opts.timers,
    allowPrivate: opts.allowPrivate,
    onError: opts.onError,
    ...(opts.retry ? { retry: opts.retry } : {}),
  });
  return { repo, worker, service: webhooksService(repo, worker, opts.allowPrivate) };
}
