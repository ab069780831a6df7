import { describe, expect, it } from 'vitest';
import { addGatewayBody, emptyAddGatewayForm } from './add-gateway-form.ts';

describe('addGatewayBody', () => {
  it('uses the spec defaults for empty inputs', () => {
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
