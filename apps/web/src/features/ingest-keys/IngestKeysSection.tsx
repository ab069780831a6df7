/**
 * Ingest keys of the signed-in account, in the settings panel: create one (its key is shown this
 * once, with a copy button), see each key's creation and last use, revoke it. The keys are loaded
 * when the section is opened, not with every settings panel.
 */
import { useState } from 'react';
import type { IngestKeyInfo } from '@rtls/contract';
import { createIngestKey, fetchIngestKeys, revokeIngestKey } from '../../api/ingest-keys.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { openableSection } from '../../ui/OpenableSection.tsx';
import { useBusyCall } from '../../ui/use-busy-call.ts';
import { CreatedKey } from './CreatedKey.tsx';
import { IngestKeyList } from './IngestKeyList.tsx';

export const IngestKeysSection = openableSection('ingest-keys', 'ingestKeys', IngestKeysManager);

function IngestKeysManager() {
  const { t } = useI18n();
  const [keys, setKeys] = useState<IngestKeyInfo[]>([]);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const reload = async () => setKeys(await fetchIngestKeys());
  const { busy, error, run } = useBusyCall(reload);

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
      <IngestKeyList items={keys} busy={busy} onAction={(id) => void revoke(id)} />
    </div>
  );
}
