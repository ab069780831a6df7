/**
 * The text of a failed change: the call's API_ERRORS message in the user's language, and for a
 * refusal (403, or 404 for what the user may not see) why, instead of the server's bare sentence.
 */
import { errorText, type ApiError } from '../../api/http.ts';
import { localizedError } from '../../api/localized-error.ts';
import type { Translate } from '../../i18n/i18n.ts';
import type { Language } from '../../constants.ts';

/** Whether the server refused the change for the user's role (or does not let them see it). */
export const isRefusal = (err: unknown) => {
  const status = (err as Partial<ApiError> | null)?.status;
  return status === 403 || status === 404;
};

export function changeFailureText(err: unknown, t: Translate, language: Language): string {
  const status = (err as Partial<ApiError> | null)?.status;
  const call = localizedError((err as Error | null)?.message ?? String(err), language);
  if (status === 403) return `${call}: ${t('maps.refused.forbidden')}`;
  if (status === 404) return `${call}: ${t('maps.refused.notFound')}`;
  return localizedError(errorText(err), language);
}
