/** Applies the light or dark theme to the document (a previewed one while it is previewed). */
import { useLayoutEffect, type ReactNode } from 'react';
import { useUiStore } from '../features/layout/ui-store.ts';

export function ThemeProvider({ children }: { children: ReactNode }) {
  const theme = useUiStore((s) => s.previewTheme ?? s.theme);
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  return <>{children}</>;
}
