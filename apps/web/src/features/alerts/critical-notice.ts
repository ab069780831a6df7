/**
 * Critical alerts reach the user outside the page: an urgent sound and, once the user allowed
 * them, a browser notification that opens the alert's map on the device. Each is replaceable in
 * tests; a browser without notifications (or without sound) simply goes without.
 */
import type { Alert } from '@rtls/contract';
import { translator } from '../../i18n/i18n.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { alertText } from './alert-text.ts';

export type NoticePermission = NotificationPermission | 'unsupported';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/** Browser notifications: whether allowed, asking once, and showing one for an alert. */
export const browserNotice = {
  permission(): NoticePermission {
    return supported() ? Notification.permission : 'unsupported';
  },
  /** Ask the browser (call it from a click or a form's submit: browsers ignore it otherwise). */
  async request(): Promise<NoticePermission> {
    if (!supported()) return 'unsupported';
    if (Notification.permission !== 'default') return Notification.permission;
    try {
      return await Notification.requestPermission();
    } catch {
      return Notification.permission;
    }
  },
  show(alert: Alert, onClick: () => void) {
    if (browserNotice.permission() !== 'granted') return;
    const t = translator(useUiStore.getState().language);
    try {
      const n = new Notification(t('alerts.criticalTitle', { rule: alert.ruleName }), {
        body: alertText(alert, t),
        // One notification per alert, however many tabs are open.
        tag: alert.id,
        requireInteraction: true,
      });
      n.onclick = () => {
        window.focus();
        onClick();
        n.close();
      };
    } catch {
      // Some browsers only notify from a service worker: the sound and the pop-up remain.
    }
  },
};

/** Three short high tones: unlike the single chime of other alerts. */
export function playUrgent() {
  try {
    const audio = new AudioContext();
    const gain = audio.createGain();
    gain.connect(audio.destination);
    for (let i = 0; i < 3; i++) {
      const at = audio.currentTime + i * 0.3;
      const tone = audio.createOscillator();
      tone.type = 'square';
      tone.frequency.value = 1320;
      gain.gain.setValueAtTime(0.12, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + 0.2);
      tone.connect(gain);
      tone.start(at);
      tone.stop(at + 0.2);
      if (i === 2) tone.onended = () => void audio.close();
    }
  } catch {
    // No audio (a browser without Web Audio, or one that blocks it): the pop-up still shows.
  }
}
