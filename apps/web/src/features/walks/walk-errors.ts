/**
 * A walk call's failure as the user reads it: the server's walk sentence (WALK_ERRORS) in the
 * console's language when it is one, else the call's message with the server's reason.
 */
import { WALK_ERRORS } from '@rtls/contract';
import { ApiError, errorText } from '../../api/http.ts';
import { localizedError } from '../../api/localized-error.ts';
import type { Language } from '../../constants.ts';

const SENTENCES = Object.values(WALK_ERRORS);

/** What a failed walk call keeps for display: the server's sentence alone when it has one. */
export function walkFailure(err: unknown): string {
  if (err instanceof ApiError && err.detail && SENTENCES.some((s) => s.en === err.detail))
    return err.detail;
  return errorText(err);
}

/** A kept failure (walkFailure) in `language`. */
export function walkErrorIn(text: string, language: Language): string {
  const sentence = SENTENCES.find((s) => s.en === text);
  return sentence ? sentence[language] : localizedError(text, language);
}
