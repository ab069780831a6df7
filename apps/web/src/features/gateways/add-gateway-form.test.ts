import { describe, expect, it } from 'vitest';
import {
  addGatewayBody,
  emptyAddGatewayForm,
  outOfRange,
  sortAvailableGateways,
} from './add-gateway-form.ts';

describe('addGatewayBody', () => {
  it('uses the defaults for empty inputs', () => {
    expect(addGatewayBody(emptyAddGatewayForm(), 'm1')).toEqual({
      mapId: 'm1',
      position: { x: 100, y: 100 },
      radius: 75,
      color: '#10B981',
      showCoverage: true,
      logicThreshold: -60,
      maxRSSI: -30,
    });
  });

  it('bounds RSSI inputs to −100..0 and the radius to 10–200', () => {
    const form = {
      ...emptyAddGatewayForm(),
      logicThreshold: '-150',
      maxRSSI: '12',
      radius: '5',
    };
    expect(addGatewayBody(form, 'm1')).toMatchObject({
      logicThreshold: -100,
      maxRSSI: 0,
      radius: 10,
    });
    expect(addGatewayBody({ ...form, radius: '500' }, 'm1').radius).toBe(200);
  });

  it('keeps given values, a name and a display name', () => {
    const form = { ...emptyAddGatewayForm(), x: '12.5', y: '0', displayName: ' Door ' };
    expect(addGatewayBody(form, 'm1', 'GW-7')).toMatchObject({
      name: 'GW-7',
      displayName: 'Door',
      position: { x: 12.5, y: 0 },
    });
  });
});

describe('outOfRange', () => {
  it('reports typed values outside the bounds (and non-numbers), not empty ones', () => {
    expect(outOfRange(emptyAddGatewayForm())).toEqual({});
    expect(outOfRange({ ...emptyAddGatewayForm(), radius: '500' })).toEqual({
      radius: { min: 10, max: 200 },
    });
    expect(
      outOfRange({ ...emptyAddGatewayForm(), logicThreshold: '-101', maxRSSI: '1', radius: '200' }),
    ).toEqual({ logicThreshold: { min: -100, max: 0 }, maxRSSI: { min: -100, max: 0 } });
    expect(outOfRange({ ...emptyAddGatewayForm(), radius: '1e' })).toHaveProperty('radius');
  });
});

describe('sortAvailableGateways', () => {
  const gw = (name: string, isMonitored: boolean, daysSinceLastSeen: number) => ({
    mac: name,
    name,
    lastSeen: '',
    daysSinceLastSeen,
    ip: null,
    isMonitored,
  });
  it('puts gateways not yet placed first, each group most recently seen first', () => {
    const sorted = sortAvailableGateways([
      gw('placed-new', true, 0),
      gw('free-old', false, 2),
      gw('free-b', false, 0),
      gw('placed-old', true, 1),
      gw('free-a', false, 0),
    ]);
    expect(sorted.map((g) => g.name)).toEqual([
      'free-a',
      'free-b',
      'free-old',
      'placed-new',
      'placed-old',
    ]);
  });
});
