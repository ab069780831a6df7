/** Full-screen state that follows the browser's full-screen events, for one element. */
import { useEffect, useState, type RefObject } from 'react';
import type L from 'leaflet';
import { DEBOUNCE_MS } from '../constants.ts';

export function useFullScreen(target: RefObject<HTMLElement | null>, map: L.Map | null) {
  // A map mounted inside a frame already full screen (another floor shown) starts so.
  const [isFullScreen, setFullScreen] = useState(
    () => document.fullscreenElement !== null && document.fullscreenElement === target.current,
  );
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      setFullScreen(document.fullscreenElement === target.current && target.current !== null);
      clearTimeout(timer);
      // The map size is refreshed 100 ms after full screen changes (DEBOUNCE_MS).
      timer = setTimeout(
        () => map?.invalidateSize({ pan: false }),
        DEBOUNCE_MS.mapSizeAfterFullScreen,
      );
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('fullscreenchange', onChange);
    };
  }, [target, map]);

  /** Failures (e.g. not allowed by the browser) are only logged. */
  const toggle = () => {
    const run = document.fullscreenElement
      ? document.exitFullscreen()
      : target.current?.requestFullscreen();
    void run?.catch((err: unknown) => console.error('Full-screen toggle failed', err));
  };
  return { isFullScreen, toggle };
}
