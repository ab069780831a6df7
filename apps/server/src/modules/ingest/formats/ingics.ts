/**
 * Ingics iGS gateways send text lines, over HTTP or MQTT, one advertisement each:
 * `$GPRP,<beacon MAC>,<gateway MAC>,<RSSI>,<advertising data hex>[,<epoch seconds>]`
 * (`$RSPR` for scan responses, same fields). Other `$…` lines are the gateway's own messages.
 */
import { idFromAdvertisement, refuse, reportsOf, type Parsed } from './shared.ts';

/** True when the text starts like an Ingics message. */
export const isIngics = (text: string) => /^\s*\$[A-Z]{4},/.test(text);

function lineReport(line: string): unknown | null {
  const [kind, beacon, gateway, rssi, adv, ts] = line.trim().split(',');
  if (kind !== '$GPRP' && kind !== '$RSPR') return null;
  return {
    gateway,
    device: (adv && idFromAdvertisement(adv)) || beacon,
    rssi,
    timestamp: ts,
  };
}

export function parseIngics(text: string): Parsed {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.some((l) => !l.trim().startsWith('$')))
    return refuse('ingics', 'unknown_format', 'Every line must be an Ingics message ($GPRP,…)');
  return reportsOf(
    'ingics',
    lines.map(lineReport).filter((r) => r !== null),
  );
}
