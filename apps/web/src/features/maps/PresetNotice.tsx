/** The answer to Save preset on this map: 'View saved as the preset', or why it was not. */
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { changeFailureText } from './refusal.ts';
import { usePresetNotice } from './preset-notice.ts';

export function PresetNotice({ mapId }: { mapId: string }) {
  const { t, language } = useI18n();
  const notice = usePresetNotice((s) => (s.notice?.mapId === mapId ? s.notice : null));
  return (
    <span className="preset-notice" role="status" data-testid="preset-notice">
      {notice?.ok === true && t('maps.presetSaved')}
      {notice?.ok === false && (
        <span className="error-text">{changeFailureText(notice.error, t, language)}</span>
      )}
    </span>
  );
}
