/** 'Error loading maps' with the reason and a Retry (the map list could not be fetched). */
import { localizedError } from '../../api/localized-error.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { useMapsStore } from './maps-store.ts';

export function MapsLoadError({ error }: { error: string }) {
  const { t, language } = useI18n();
  const loading = useMapsStore((s) => s.loading);
  return (
    <span className="maps-load-error" role="alert">
      <span className="error-text">{`${t('maps.error')}: ${localizedError(error, language)}`}</span>
      <button
        type="button"
        className="button"
        disabled={loading}
        onClick={() => void useMapsStore.getState().load()}
      >
        {t('maps.retry')}
      </button>
    </span>
  );
}
