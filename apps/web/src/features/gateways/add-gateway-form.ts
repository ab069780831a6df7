/** The Add Gateway dialog's numbers (spec §5): empty inputs take the defaults, others are clamped. */
import { GATEWAY_ADD_DEFAULTS, type GatewayMonitorBody } from '@rtls/contract';

export const RSSI_INPUT = { min: -100, max: 0 } as const;
export const RADIUS_INPUT = { min: 10, max: 200 } as const;

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
