/** A just-created secret (an ingest key, a webhook's signing secret): shown this once, with a copy button. */
import { useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider.tsx';

export function CreatedKey({
  value,
  onDone,
  title,
  label,
}: {
  value: string;
  onDone: () => void;
  /** The heading and the field's label; an ingest key's when left out. */
  title?: string;
  label?: string;
}) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(value).catch(() => undefined);
    setCopied(true);
  };
  return (
    <div className="ingest-key-created" role="status">
      <strong>{title ?? t('ingestKeys.createdTitle')}</strong>
      <input
        readOnly
        className="ingest-key-value"
        aria-label={label ?? t('ingestKeys.keyLabel')}
        value={value}
        dir="ltr"
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="ingest-key-actions">
        <button type="button" className="button" onClick={() => void copy()}>
          {copied ? t('ingestKeys.copied') : t('ingestKeys.copy')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('ingestKeys.done')}
        </button>
      </div>
    </div>
  );
}
