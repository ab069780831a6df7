/** Switches between English and Hebrew. */
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { useUiStore } from './ui-store.ts';

export function LanguageSwitch() {
  const { t, language } = useI18n();
  const setLanguage = useUiStore((s) => s.setLanguage);
  return (
    <Segmented
      label={t('header.language')}
      value={language}
      options={[
        { value: 'en', label: t('header.english'), lang: 'en' },
        { value: 'he', label: t('header.hebrew'), lang: 'he' },
      ]}
      onChange={setLanguage}
    />
  );
}
