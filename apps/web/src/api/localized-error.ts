/**
 * A failure's text in the user's language: the contract gives Hebrew for the call messages and the
 * server's sentences of zones, rules, alerts, webhooks and floor models; others stay as the server
 * wrote them.
 */
import {
  ALERTING_ERRORS,
  API_ERRORS,
  API_ERRORS_HE,
  FLOOR_MODEL_ERRORS,
  type ApiErrorKey,
} from '@rtls/contract';
import type { Language } from '../constants.ts';

const CALLS = Object.entries(API_ERRORS_HE).map(
  ([key, he]) => [API_ERRORS[key as ApiErrorKey], he] as const,
);
const SENTENCES = Object.values(ALERTING_ERRORS).map((s) => [s.en, s.he] as const);
/** Floor model refusals: the sentence, then where (": door "d1" from (1, 2) to (3, 4)"). */
const LEADING = Object.values(FLOOR_MODEL_ERRORS).map((s) => [s.en, s.he] as const);

/** `text` as errorText() made it ("<call message>: <server's reason>"), in `language`. */
export function localizedError(text: string, language: Language): string {
  if (language === 'en') return text;
  let out = text;
  const call = CALLS.find(([en]) => out === en || out.startsWith(`${en}: `));
  if (call) out = call[1] + out.slice(call[0].length);
  for (const [en, he] of SENTENCES) if (out.endsWith(en)) out = out.slice(0, -en.length) + he;
  for (const [en, he] of LEADING) if (out.includes(en)) out = out.replace(en, he);
  return out;
}
