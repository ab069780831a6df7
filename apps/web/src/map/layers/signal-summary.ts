/**
 * The signal-strength popup: signals of the last hour, strongest first; the headline is
 * the strongest recent signal, else the strongest overall; nothing at all shows an X icon.
 */
import {
  SIGNAL_CLASS_COLOUR,
  SIGNAL_POPUP_RECENCY_MS,
  signalClass,
  type SignalClass,
  type SignalMap,
  type StatusColour,
} from '@rtls/contract';

export interface SignalLine {
  gateway: string;
  rssi: number;
  receivedAt: string;
  cls: SignalClass;
  colour: StatusColour;
}

export interface SignalSummary {
  /** Signals received within the last hour, strongest first. */
  recent: SignalLine[];
  /** Strongest recent, else strongest overall, else null (X icon). */
  headline: SignalLine | null;
}

const line = (gateway: string, rssi: number, receivedAt: string): SignalLine => {
  const cls = signalClass(rssi);
  return { gateway, rssi, receivedAt, cls, colour: SIGNAL_CLASS_COLOUR[cls] };
};

export function signalSummary(signal: SignalMap | undefined, now = Date.now()): SignalSummary {
  const all = Object.entries(signal ?? {})
    .filter(([, s]) => Number.isFinite(s.rssi))
    .map(([gw, s]) => line(gw, s.rssi, s.received_at))
    .sort((a, b) => b.rssi - a.rssi);
  const recent = all.filter((s) => {
    const t = Date.parse(s.receivedAt);
    return Number.isFinite(t) && now - t <= SIGNAL_POPUP_RECENCY_MS;
  });
  return { recent, headline: recent[0] ?? all[0] ?? null };
}
