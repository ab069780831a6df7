/** Renders only the rows in view of a fixed-row-height scroll list (thousands of devices). */
import { useState, type UIEvent } from 'react';

const OVERSCAN = 6;
/** Used before layout (and in tests, where nothing has a height). */
const FALLBACK_VIEWPORT_PX = 900;

export function useWindow(count: number, rowHeight: number) {
  const [scroll, setScroll] = useState({ top: 0, height: FALLBACK_VIEWPORT_PX });
  const start = Math.max(0, Math.floor(scroll.top / rowHeight) - OVERSCAN);
  const end = Math.min(count, Math.ceil((scroll.top + scroll.height) / rowHeight) + OVERSCAN);
  return {
    start,
    end,
    padTop: start * rowHeight,
    padBottom: (count - end) * rowHeight,
    onScroll: (e: UIEvent<HTMLElement>) => {
      const el = e.currentTarget;
      setScroll({ top: el.scrollTop, height: el.clientHeight || FALLBACK_VIEWPORT_PX });
    },
  };
}
