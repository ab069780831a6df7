/**
 * Ingest keys of the signed-in account, in the settings panel: create one (its key is shown this
 * once, with a copy button), see each key's creation and last use, revoke it. The keys are loaded
 * when the section is opened, not with every settings panel.
 */
import { useEffect, useState } from 'react';
import type { IngestKeyInfo } from '@rtls/contract';
import { createIngestKey, fetchIngestKeys, revokeIngestKey } from '../../api/ingest-keys.ts';
import { errorText } from '../../api/http.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { CreatedKey } from './CreatedKey.tsx';
import { IngestKeyList } from './IngestKeyList.tsx';

export function IngestKeysSection() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <fieldset className="settings-group ingest-keys" data-testid="ingest-keys">
      <legend className="section-title">{t('ingestKeys.title')}</legend>
      <p className="muted">{t('ingestKeys.intro')}</p>
      <button
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls="ingest-keys-body"
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('ingestKeys.hide') : t('ingestKeys.manage')}
      </button>
      {open && <IngestKeysManager />}
    </fieldset>
  );
}

function IngestKeysManager() {
  const { t } = useI18n();
  const [keys, setKeys] = useState<IngestKeyInfo[]>([]);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const reload = async () => setKeys(await fetchIngestKeys());
  useEffect(() => {
    void run(reload);
  }, []);

  const create = () =>
    run(async () => {
      setCreated((await createIngestKey(name.trim())).key);
      setName('');
      await reload();
    });
  const revoke = (id: string) =>
    run(async () => {
      await revokeIngestKey(id);
      await reload();
    });

  return (
    <div id="ingest-keys-body" className="ingest-keys-body">
      <form
        className="ingest-key-create"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <label className="field compact">
          <span>{t('ingestKeys.name')}</span>
          <input
            name="ingestKeyName"
            value={name}
            maxLength={100}
            placeholder={t('ingestKeys.namePlaceholder')}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <button type="submit" className="button primary" disabled={busy}>
          {t('ingestKeys.create')}
        </button>
      </form>
      {created && <CreatedKey value={created} onDone={() => setCreated(null)} />}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <IngestKeyList keys={keys} busy={busy} onRevoke={(id) => void revoke(id)} />
    </div>
  );
}
