/** Provides `t` and sets the document language and direction — the one place `dir` is set. */
import { createContext, useContext, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { isRtl, translator, type Translate } from './i18n.ts';
import { useUiStore } from '../features/layout/ui-store.ts';
import type { Language } from '../constants.ts';

interface I18n {
  t: Translate;
  language: Language;
  rtl: boolean;
}

const I18nContext = createContext<I18n>({ t: translator('en'), language: 'en', rtl: false });

export function I18nProvider({ children }: { children: ReactNode }) {
  const language = useUiStore((s) => s.language);
  const value = useMemo(
    () => ({ t: translator(language), language, rtl: isRtl(language) }),
    [language],
  );
  useLayoutEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = value.rtl ? 'rtl' : 'ltr';
  }, [language, value.rtl]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export const useI18n = () => useContext(I18nContext);
