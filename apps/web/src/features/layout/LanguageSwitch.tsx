/** Switches between English and Hebrew. */
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { useUiStore } from './ui-store.ts';

export function LanguageSwitch() {
  const { t, language } = useI18n();
  const setLanguage = useUiStore((s) => s.setLanguage);
  return (
    <div className="segmented" role="group" aria-label={t('header.language')}>
      <button
        type="button"
        lang="en"
        aria-pressed={language === 'en'}
        onClick={() => setLanguage('en')}
      >
        {t('header.english')}
      </button>
      <button
        type="button"
        lang="he"
        aria-pressed={language === 'he'}
        onClick={() => setLanguage('he')}
      >
        {t('header.hebrew')}
      </button>
    </div>
  );
}
