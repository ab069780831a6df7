/** Deliveries that failed every attempt, newest first, each with a retry. */
import type { DeadLetter } from '@rtls/contract';
import { formatDate, isolate } from '../../ui/format.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { RowAction, type RowActionListProps } from '../../ui/RowAction.tsx';

export function DeadLetterList({
  items: deadLetters,
  busy,
  onAction,
}: RowActionListProps<DeadLetter>) {
  const { t, language } = useI18n();
  return (
    <section className="dead-letters" aria-labelledby="dead-letters-title">
      <h4 id="dead-letters-title" className="section-title">
        {t('webhooks.deadLetters.title')}
      </h4>
      {deadLetters.length === 0 ? (
        <p className="muted">{t('webhooks.deadLetters.empty')}</p>
      ) : (
        <ul className="webhook-list">
          {deadLetters.map((d) => (
            <li key={d.id} data-dead-letter-id={d.id}>
              <span className="webhook-url" dir="ltr">
                {d.url}
              </span>
              <span className="muted small">
                {t('webhooks.deadLetters.detail', {
                  attempts: d.attempts,
                  when: formatDate(d.failedAt, language),
                  error: isolate(d.lastError),
                })}
              </span>
              <RowAction
                label={t('webhooks.deadLetters.retry', { url: d.url })}
                busy={busy}
                onAct={() => onAction(d.id)}
              >
                {t('webhooks.deadLetters.retryButton')}
              </RowAction>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
