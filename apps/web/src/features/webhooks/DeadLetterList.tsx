/** Deliveries that failed every attempt, newest first, each with a retry. */
import type { DeadLetter } from '@rtls/contract';
import { formatDate, isolate } from '../../ui/format.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { RowAction, type RowActionListProps, type RowActionTexts } from '../../ui/RowAction.tsx';

export function DeadLetterList({
  items: deadLetters,
  busy,
  onAction,
}: RowActionListProps<DeadLetter>) {
  const { t, language } = useI18n();
  const retrying = (d: DeadLetter): RowActionTexts => ({
    label: t('webhooks.deadLetters.retry', { url: d.url }),
    button: t('webhooks.deadLetters.retryButton'),
  });
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
              <RowAction texts={retrying(d)} busy={busy} onAct={() => onAction(d.id)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
