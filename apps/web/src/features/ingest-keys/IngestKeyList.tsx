/** The account's ingest keys with creation, last use and revocation; live ones can be revoked. */
import type { IngestKeyInfo } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { formatDate, formatLastSeen, isolate } from '../../ui/format.ts';
import { RowAction, type RowActionListProps, type RowActionTexts } from '../../ui/RowAction.tsx';

export function IngestKeyList({ items: keys, busy, onAction }: RowActionListProps<IngestKeyInfo>) {
  const { t, language } = useI18n();
  if (keys.length === 0) return <p className="muted">{t('ingestKeys.empty')}</p>;
  const nameOf = (k: IngestKeyInfo) => k.name || t('ingestKeys.unnamed');
  const revoking = (k: IngestKeyInfo): RowActionTexts => ({
    label: t('ingestKeys.revoke', { name: nameOf(k) }),
    confirm: t('ingestKeys.revokeConfirm', { name: isolate(nameOf(k)) }),
    button: t('ingestKeys.revokeButton'),
  });
  const details = (k: IngestKeyInfo) =>
    [
      t('ingestKeys.created', { date: formatDate(k.createdAt, language) }),
      k.lastUsedAt
        ? t('ingestKeys.lastUsed', { when: formatLastSeen(k.lastUsedAt, t, language) })
        : t('ingestKeys.neverUsed'),
      ...(k.revokedAt
        ? [t('ingestKeys.revoked', { date: formatDate(k.revokedAt, language) })]
        : []),
    ].join(' · ');
  return (
    <ul className="ingest-key-list" aria-label={t('ingestKeys.title')}>
      {keys.map((k) => (
        <li key={k.id} className={k.revokedAt ? 'revoked' : undefined} data-key-id={k.id}>
          <span className="ingest-key-name">{nameOf(k)}</span>
          <span className="muted">{details(k)}</span>
          {!k.revokedAt && (
            <RowAction texts={revoking(k)} busy={busy} onAct={() => onAction(k.id)} />
          )}
        </li>
      ))}
    </ul>
  );
}
