/**
 * Gives focus to a panel that replaced the control the user pressed (Start, Resume, Finish): the
 * pressed button is gone, and focus would otherwise fall back to the page.
 */
import { useEffect, useRef } from 'react';

export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) ref.current?.focus({ preventScroll: true });
  }, []);
  return ref;
}
