/** How the walk screens write an error in metres, and a report's figures. */
import type { Translate } from '../../i18n/i18n.ts';

/** "2.8 m", or a dash for none. */
export const metres = (m: number | null | undefined, t: Translate) =>
  m === null || m === undefined ? t('walks.none') : t('walks.metres', { m: m.toFixed(1) });
