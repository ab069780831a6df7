/** Keeps the positioning engine on the user's triangulation settings (View tab, saved per user). */
import { useEffect } from 'react';
import { useViewStore } from '../view/view-store.ts';
import { useDevicesStore } from './devices-store.ts';
import { locateSettings } from './positioner.ts';

export function useLocateSettings() {
  const triangulation = useViewStore((s) => s.triangulation);
  useEffect(() => {
    useDevicesStore.getState().setLocateSettings(locateSettings(triangulation));
  }, [triangulation]);
}
