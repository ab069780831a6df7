/** The account's ingest keys with creation, last use and revocation; live ones can be revoked. */
import type { IngestKeyInfo } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { formatDate, formatLastSeen, isolate } from '../../ui/format.ts';

interface Props {
  keys: IngestKeyInfo[];
  busy: boolean;
  onRevoke: (id: string) => void;
}

export function IngestKeyList({ keys, busy, onRevoke }: Props) {
  const { t, language } = useI18n();
  if (keys.length === 0) return <p className="muted">{t('ingestKeys.empty')}</p>;
  const nameOf = (k: IngestKeyInfo) => k.name || t('ingestKeys.unnamed');
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
            <button
              type="button"
              className="button"
              disabled={busy}
              aria-label={t('ingestKeys.revoke', { name: nameOf(k) })}
              onClick={() => {
                const confirmText = t('ingestKeys.revokeConfirm', { name: isolate(nameOf(k)) });
                if (window.confirm(confirmText)) onRevoke(k.id);
              }}
            >
              {t('ingestKeys.revokeButton')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
