/**
 * The Add Gateway dialog's numbers: empty inputs take the defaults; a value out of its
 * bounds is reported (the dialog will not add), and clamped should it reach the payload anyway.
 * Also the order of the available list.
 */
import {
  GATEWAY_ADD_DEFAULTS,
  type AvailableGateway,
  type GatewayMonitorBody,
} from '@rtls/contract';
import { GATEWAY_ADD_BOUNDS } from '../../constants.ts';

export const RSSI_INPUT = GATEWAY_ADD_BOUNDS.rssi;
export const RADIUS_INPUT = GATEWAY_ADD_BOUNDS.radius;

export interface AddGatewayForm {
  displayName: string;
  color: string;
  showCoverage: boolean;
  logicThreshold: string;
  maxRSSI: string;
  x: string;
  y: string;
  radius: string;
}

export const emptyAddGatewayForm = (): AddGatewayForm => ({
  displayName: '',
  color: GATEWAY_ADD_DEFAULTS.color,
  showCoverage: true,
  logicThreshold: '',
  maxRSSI: '',
  x: '',
  y: '',
  radius: '',
});

function numberOr(raw: string, fallback: number, bounds?: { min: number; max: number }) {
  const n = raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(n)) return fallback;
  return bounds ? Math.min(bounds.max, Math.max(bounds.min, n)) : n;
}

/** The monitoring payload: mac settings plus position, radius and map. */
export function addGatewayBody(
  form: AddGatewayForm,
  mapId: string,
  name?: string,
): GatewayMonitorBody {
  const d = GATEWAY_ADD_DEFAULTS;
  return {
    ...(name ? { name } : {}),
    mapId,
    position: { x: numberOr(form.x, d.position.x), y: numberOr(form.y, d.position.y) },
    radius: numberOr(form.radius, d.radius, RADIUS_INPUT),
    ...(form.displayName.trim() ? { displayName: form.displayName.trim() } : {}),
    color: form.color,
    showCoverage: form.showCoverage,
    logicThreshold: numberOr(form.logicThreshold, d.logicThreshold, RSSI_INPUT),
    maxRSSI: numberOr(form.maxRSSI, d.maxRSSI, RSSI_INPUT),
  };
}

type Bounds = { readonly min: number; readonly max: number };
const BOUNDED: Record<'logicThreshold' | 'maxRSSI' | 'radius', Bounds> = {
  logicThreshold: RSSI_INPUT,
  maxRSSI: RSSI_INPUT,
  radius: RADIUS_INPUT,
};
export type BoundedField = keyof typeof BOUNDED;

/** The bounded inputs whose typed value is not a number within its bounds, with those bounds. */
export function outOfRange(form: AddGatewayForm): Partial<Record<BoundedField, Bounds>> {
  const out: Partial<Record<BoundedField, Bounds>> = {};
  for (const [key, bounds] of Object.entries(BOUNDED) as [BoundedField, Bounds][]) {
    const raw = form[key].trim();
    if (raw === '') continue;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < bounds.min || n > bounds.max) out[key] = bounds;
  }
  return out;
}

/**
 * The available list as an operator placing gateways reads it: those not yet monitored (placed)
 * first, then the monitored ones; each group most recently seen first, then by name.
 */
export function sortAvailableGateways(list: readonly AvailableGateway[]): AvailableGateway[] {
  return [...list].sort(
    (a, b) =>
      Number(a.isMonitored) - Number(b.isMonitored) ||
      a.daysSinceLastSeen - b.daysSinceLastSeen ||
      a.name.localeCompare(b.name),
  );
}
