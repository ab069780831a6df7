/**
 * Webhooks of the signed-in account, in the settings panel: add one (its signing secret is shown
 * this once), see each one's waiting deliveries and last error, delete it; failed deliveries (dead
 * letters) with a retry. Loaded when the section is opened.
 */
import { localizedError } from '../../api/localized-error.ts';
import { useEffect, useState } from 'react';
import type { DeadLetter, Webhook } from '@rtls/contract';
import * as api from '../../api/webhooks.ts';
import { errorText } from '../../api/http.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { CreatedKey } from '../ingest-keys/CreatedKey.tsx';
import { DeadLetterList } from './DeadLetterList.tsx';
import { WebhookForm } from './WebhookForm.tsx';
import { WebhookList } from './WebhookList.tsx';

export function WebhooksSection() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <fieldset className="settings-group webhooks" data-testid="webhooks">
      <legend className="section-title">{t('webhooks.title')}</legend>
      <p className="muted">{t('webhooks.intro')}</p>
      <button
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls="webhooks-body"
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('webhooks.hide') : t('webhooks.manage')}
      </button>
      {open && <WebhooksManager />}
    </fieldset>
  );
}

function WebhooksManager() {
  const { t, language } = useI18n();
  const [webhooks, setWebhooks] = useState<Webhook[]>([]);
  const [deadLetters, setDeadLetters] = useState<DeadLetter[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Whether the work succeeded (its failure is shown). */
  const run = async (work: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await work();
      return true;
    } catch (err) {
      setError(errorText(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const reload = async () => {
    const [hooks, dead] = await Promise.all([api.fetchWebhooks(), api.fetchDeadLetters()]);
    setWebhooks(hooks);
    setDeadLetters(dead);
  };
  useEffect(() => {
    void run(reload);
  }, []);

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
      <WebhookList
        webhooks={webhooks}
        busy={busy}
        onDelete={(id) =>
          void run(async () => {
            await api.deleteWebhook(id);
            await reload();
          })
        }
      />
      <DeadLetterList
        deadLetters={deadLetters}
        busy={busy}
        onRetry={(id) =>
          void run(async () => {
            await api.retryDeadLetter(id);
            await reload();
          })
        }
      />
    </div>
  );
}
