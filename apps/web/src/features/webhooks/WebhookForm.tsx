/** Add a webhook: its URL and what it is sent (everything, or chosen event types and alerts). */
import { useState } from 'react';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_TOPICS,
  type WebhookCreateBody,
  type WebhookTopic,
} from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { CheckboxField } from '../../ui/fields.tsx';

interface Props {
  busy: boolean;
  /** Resolves whether the webhook was added (the form is cleared then). */
  onCreate: (body: WebhookCreateBody) => Promise<boolean>;
}

export function WebhookForm({ busy, onCreate }: Props) {
  const { t } = useI18n();
  const [url, setUrl] = useState('');
  /** Empty: everything. */
  const [topics, setTopics] = useState<WebhookTopic[]>([]);
  const toggle = (topic: WebhookTopic, on: boolean) =>
    setTopics((list) => (on ? [...list, topic] : list.filter((x) => x !== topic)));

  return (
    <form
      className="webhook-create"
      onSubmit={(e) => {
        e.preventDefault();
        void onCreate({ url: url.trim(), events: topics }).then((added) => {
          if (!added) return;
          setUrl('');
          setTopics([]);
        });
      }}
    >
      <label className="field compact">
        <span>{t('webhooks.url')}</span>
        <input
          name="webhookUrl"
          type="url"
          required
          dir="ltr"
          value={url}
          maxLength={WEBHOOK_LIMITS.urlMaxChars}
          placeholder={t('webhooks.urlPlaceholder')}
          onChange={(e) => setUrl(e.target.value)}
        />
      </label>
      <fieldset className="webhook-topics">
        <legend className="small">{t('webhooks.topics')}</legend>
        <CheckboxField
          name="allTopics"
          label={t('webhooks.allTopics')}
          checked={topics.length === 0}
          onChange={(on) => on && setTopics([])}
        />
        {WEBHOOK_TOPICS.map((topic) => (
          <CheckboxField
            key={topic}
            name={`topic-${topic}`}
            label={t(`webhooks.topicNames.${topic}`)}
            checked={topics.includes(topic)}
            onChange={(on) => toggle(topic, on)}
          />
        ))}
      </fieldset>
      <button type="submit" className="button primary" disabled={busy}>
        {t('webhooks.create')}
      </button>
    </form>
  );
}
