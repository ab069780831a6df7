/** The message of a failed call, announced, in the console's language; nothing when there is none. */
import { localizedError } from '../api/localized-error.ts';
import { useI18n } from '../i18n/I18nProvider.tsx';

export function ErrorText({ error }: { error: string | null | undefined }) {
  const { language } = useI18n();
  if (!error) return null;
  return (
    <p className="error-text small" role="alert">
      {localizedError(error, language)}
    </p>
  );
}
