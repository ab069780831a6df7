/** Why a change was refused or failed (see refusal.ts), announced; nothing when it did not fail. */
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { changeFailureText } from './refusal.ts';

export function ChangeFailureText({ failure }: { failure: unknown }) {
  const { t, language } = useI18n();
  if (failure === null) return null;
  return (
    <p className="error-text small" role="alert">
      {changeFailureText(failure, t, language)}
    </p>
  );
}
