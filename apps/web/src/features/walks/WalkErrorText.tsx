/** A walk call's failure, announced, in the console's language; nothing when there is none. */
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { walkErrorIn } from './walk-errors.ts';

export function WalkErrorText({ error }: { error: string | null | undefined }) {
  const { language } = useI18n();
  if (!error) return null;
  return (
    <p className="error-text small" role="alert" data-testid="walk-error">
      {walkErrorIn(error, language)}
    </p>
  );
}
