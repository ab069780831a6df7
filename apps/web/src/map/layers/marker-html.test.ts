import { describe, expect, it } from 'vitest';
import type { TooltipField } from '@rtls/contract';
import { translator } from '../../i18n/i18n.ts';
import { useGatewaysStore } from '../../features/gateways/gateways-store.ts';
import { makeDevice, makeGateway } from '../../test/fixtures.ts';
import { markerHtml, markerSize, signalPopupHtml, tooltipRows } from './marker-html.ts';

const look = { selected: false, live: true, nameBox: false, showName: true };
const t = translator('en');
const NOW = Date.parse('2024-06-15T12:00:00.000Z');

describe('marker size', () => {
  it('is a 22 px dot, 28 px when selected', () => {
    expect(markerSize('Tag', look)).toEqual([22, 22]);
    expect(markerSize('Tag', { ...look, selected: true })).toEqual([28, 28]);
  });

  it('is a 24 px high name box, length × 8 + 6 wide, clamped to 20–200', () => {
    const box = { ...look, nameBox: true };
    expect(markerSize('Forklift', box)).toEqual([70, 24]);
    expect(markerSize('AB', box)).toEqual([22, 24]);
    expect(markerSize('A', box)).toEqual([20, 24]);
    expect(markerSize('', box)).toEqual([20, 24]);
    expect(markerSize('x'.repeat(24), box)).toEqual([198, 24]);
    expect(markerSize('x'.repeat(25), box)).toEqual([200, 24]);
    expect(markerSize('x'.repeat(80), box)).toEqual([200, 24]);
  });
});

describe('marker HTML', () => {
  const d = makeDevice({ mac: 'AA:01', name: '<b>Cart</b>', customSettings: { color: '#ff0000' } });
  it('marks live green or stale red and escapes names', () => {
    expect(markerHtml(d, look)).toContain('live-dot live');
    expect(markerHtml(d, { ...look, live: false })).toContain('live-dot stale');
    expect(markerHtml(d, look)).toContain('&lt;b&gt;Cart&lt;/b&gt;');
    expect(markerHtml(d, look)).not.toContain('<b>');
  });
  it('marks the selected marker and uses a name box when asked', () => {
    expect(markerHtml(d, { ...look, selected: true })).toContain('device-marker selected');
    expect(markerHtml(d, { ...look, nameBox: true })).toContain('device-namebox');
  });
});

describe('tooltip rows', () => {
  const d = makeDevice({
    mac: 'AA:01',
    name: 'Cart',
    rssi: -61,
    lastSeen: new Date(NOW - 30_000).toISOString(),
    strongestGateway: 'GW:1',
  });
  it('shows the default fields: name, RSSI, last seen, connection', () => {
    expect(tooltipRows(d, undefined, t, 'en', NOW)).toEqual([
      ['Name', 'Cart'],
      ['RSSI', '-61 dBm'],
      ['Last Seen', 'Just now'],
      ['Connection', 'Online'],
    ]);
  });
  it("follows the user's enabled fields in their order", () => {
    const fields: TooltipField[] = [
      { id: 'gateway', label: 'G', enabled: true, order: 1 },
      { id: 'mac', label: 'M', enabled: true, order: 2 },
      { id: 'name', label: 'N', enabled: false, order: 3 },
    ];
    expect(tooltipRows(d, fields, t, 'en', NOW)).toEqual([
      ['Strongest Gateway', 'GW:1'],
      ['MAC', 'AA:01'],
    ]);
  });
  it('names the strongest gateway when the account knows it', () => {
    useGatewaysStore.setState({ all: { 'GW:1': makeGateway({ mac: 'GW:1', name: 'Dock door' }) } });
    const fields: TooltipField[] = [{ id: 'gateway', label: 'G', enabled: true, order: 1 }];
    expect(tooltipRows(d, fields, t, 'en', NOW)).toEqual([['Strongest Gateway', 'Dock door']]);
    useGatewaysStore.getState().reset();
  });
});

describe('signal popup', () => {
  it('shows an X icon without signals', () => {
    const html = signalPopupHtml(makeDevice({ signal: {} }), t, (m) => m);
    expect(html).toContain('signal-x');
    expect(html).toContain('No signals');
    expect(html).toContain('inline-size:320px');
  });

  it('colours the headline by its class and keeps only the number left-to-right', () => {
    const signal = { 'GW:1': { rssi: -45, received_at: new Date().toISOString(), ip: '' } };
    const html = signalPopupHtml(makeDevice({ signal }), t, (m) => m);
    expect(html).toContain(
      '<p class="signal-headline tone-green"><span dir="ltr">-45 dBm</span> <span>Strong</span></p>',
    );
  });
});
