/** The account's webhooks: URL, what they are sent, waiting deliveries, last error; delete. */
import type { Webhook } from '@rtls/contract';
import { formatDate, isolate } from '../../ui/format.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { RowAction, type RowActionListProps, type RowActionTexts } from '../../ui/RowAction.tsx';

export function WebhookList({ items: webhooks, busy, onAction }: RowActionListProps<Webhook>) {
  const { t, language } = useI18n();
  if (webhooks.length === 0) return <p className="muted">{t('webhooks.empty')}</p>;
  const deleting = (w: Webhook): RowActionTexts => ({
    label: t('webhooks.delete', { url: w.url }),
    confirm: t('webhooks.deleteConfirm', { url: isolate(w.url) }),
    button: t('webhooks.deleteButton'),
  });
  const topics = (w: Webhook) =>
    w.events.length === 0
      ? t('webhooks.allTopics')
      : w.events.map((e) => t(`webhooks.topicNames.${e}`)).join(', ');
  return (
    <ul className="webhook-list" aria-label={t('webhooks.title')}>
      {webhooks.map((w) => (
        <li key={w.id} data-webhook-id={w.id}>
          <span className="webhook-url" dir="ltr">
            {w.url}
          </span>
          <span className="muted small">
            {[
              topics(w),
              t('webhooks.created', { date: formatDate(w.createdAt, language) }),
              ...(w.pending > 0 ? [t('webhooks.pending', { count: w.pending })] : []),
              ...(w.enabled ? [] : [t('webhooks.disabled')]),
            ].join(' · ')}
          </span>
          {w.lastError && (
            <span className="error-text small">
              {t('webhooks.lastError', { error: isolate(w.lastError) })}
            </span>
          )}
          <RowAction texts={deleting(w)} busy={busy} onAct={() => onAction(w.id)} />
        </li>
      ))}
    </ul>
  );
}
