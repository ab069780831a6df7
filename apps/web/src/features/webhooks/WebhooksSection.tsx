/**
 * Webhooks of the signed-in account, in the settings panel: add one (its signing secret is shown
 * this once), see each one's waiting deliveries and last error, delete it; failed deliveries (dead
 * letters) with a retry. Loaded when the section is opened.
 */
import { localizedError } from '../../api/localized-error.ts';
import { useState } from 'react';
import type { DeadLetter, Webhook } from '@rtls/contract';
import * as api from '../../api/webhooks.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { openableSection } from '../../ui/OpenableSection.tsx';
import { useBusyCall } from '../../ui/use-busy-call.ts';
import { CreatedKey } from '../ingest-keys/CreatedKey.tsx';
import { DeadLetterList } from './DeadLetterList.tsx';
import { WebhookForm } from './WebhookForm.tsx';
import { WebhookList } from './WebhookList.tsx';

export const WebhooksSection = openableSection('webhooks', 'webhooks', WebhooksManager);

function WebhooksManager() {
  const { t, language } = useI18n();
  const [webhooks, setWebhooks] = useState<Webhook[]>([]);
  const [deadLetters, setDeadLetters] = useState<DeadLetter[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const reload = async () => {
    const [hooks, dead] = await Promise.all([api.fetchWebhooks(), api.fetchDeadLetters()]);
    setWebhooks(hooks);
    setDeadLetters(dead);
  };
  const { busy, error, run } = useBusyCall(reload);
  /** The change to one webhook or dead letter, then both lists again. */
  const change = (work: (id: string) => Promise<unknown>) => (id: string) =>
    void run(async () => {
      await work(id);
      await reload();
    });

  return (
    <div id="webhooks-body" className="webhooks-body">
      <WebhookForm
        busy={busy}
        onCreate={(body) =>
          run(async () => {
            setSecret((await api.createWebhook(body)).secret);
            await reload();
          })
        }
      />
      {secret && (
        <CreatedKey
          value={secret}
          title={t('webhooks.createdTitle')}
          label={t('webhooks.secretLabel')}
          onDone={() => setSecret(null)}
        />
      )}
      {error && (
        <p className="error-text" role="alert">
          {localizedError(error, language)}
        </p>
      )}
      <WebhookList items={webhooks} busy={busy} onAction={change(api.deleteWebhook)} />
      <DeadLetterList items={deadLetters} busy={busy} onAction={change(api.retryDeadLetter)} />
    </div>
  );
}
