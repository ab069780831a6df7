/**
 * Moving from ESPresense: pick the companion's config.yaml; each floor becomes a map and each node
 * a named gateway placed on it. The maps and gateways lists are reloaded afterwards.
 */
import { useState, type ChangeEvent } from 'react';
import { importEspresenseConfig } from '../../api/imports.ts';
import { errorText } from '../../api/http.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { useMapsStore } from '../maps/maps-store.ts';
import { useGatewaysStore } from './gateways-store.ts';

/** A picked file's text (FileReader: every browser, and the test DOM, has it). */
const readText = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });

export function EspresenseImport() {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setBusy(true);
    setMessage(null);
    try {
      const result = await importEspresenseConfig(await readText(file));
      const gateways = result.maps.reduce((n, m) => n + m.gateways, 0);
      setMessage({
        text: t('gateways.import.done', {
          maps: t('gateways.import.maps', { count: result.maps.length }),
          gateways: t('gateways.count', { count: gateways }),
        }),
        error: false,
      });
      await useMapsStore.getState().load();
      const gw = useGatewaysStore.getState();
      await Promise.all([gw.loadForMap(gw.mapId), gw.loadMonitored()]);
    } catch (err) {
      setMessage({ text: errorText(err), error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="espresense-import">
      <label className={`button file-button${busy ? ' disabled' : ''}`}>
        {t('gateways.import.button')}
        <input
          type="file"
          name="espresenseConfig"
          accept=".yaml,.yml,text/yaml,application/yaml"
          className="visually-hidden"
          disabled={busy}
          aria-label={t('gateways.import.button')}
          onChange={(e) => void onFile(e)}
        />
      </label>
      {message && (
        <p className={message.error ? 'error-text small' : 'muted small'} role="status">
          {message.text}
        </p>
      )}
    </div>
  );
}
