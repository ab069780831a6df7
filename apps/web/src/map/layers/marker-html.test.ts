import { describe, expect, it } from 'vitest';
import type { TooltipField } from '@rtls/contract';
import { translator } from '../../i18n/i18n.ts';
import { useGatewaysStore } from '../../features/gateways/gateways-store.ts';
import { makeDevice, makeGateway } from '../../test/fixtures.ts';
import { formatClock } from '../../ui/format.ts';
import {
  markerHtml,
  markerSize,
  sameContent,
  sameSpot,
  signalPopupHtml,
  tooltipRows,
  type MarkerLook,
} from './marker-html.ts';

const look: MarkerLook = { selected: false, live: true, nameBox: false, ring: null, label: null };
const t = translator('en');
const NOW = Date.parse('2024-06-15T12:00:00.000Z');
const label = {
  text: { name: '<b>Cart</b>', rssi: '-61 dBm', lastSeen: 'Just now' },
  size: { w: 70, h: 31 },
  spot: { dx: 0, dy: 30, moved: false },
};

describe('marker size', () => {
  it('is the body on the spot: a 22 px dot, 28 selected; a 10 px spot under name boxes', () => {
    expect(markerSize(look)).toEqual([22, 22]);
    expect(markerSize({ ...look, selected: true })).toEqual([28, 28]);
    expect(markerSize({ ...look, nameBox: true })).toEqual([10, 10]);
  });
});

describe('marker content', () => {
  it('is the same when only the label moved, not when its text, ring or leader line changed', () => {
    const a = { ...look, label };
    const moved = { ...a, label: { ...label, spot: { dx: 4, dy: 30, moved: false } } };
    expect(sameContent(a, moved)).toBe(true);
    expect(sameSpot(a, moved)).toBe(false);
    expect(sameSpot(a, { ...a })).toBe(true);
    const away = { ...a, label: { ...label, spot: { dx: 40, dy: 60, moved: true } } };
    expect(sameContent(a, away)).toBe(false);
    const text = { ...label, text: { ...label.text, rssi: '-70 dBm' } };
    expect(sameContent(a, { ...a, label: text })).toBe(false);
    expect(sameContent(a, { ...a, ring: { cls: 'low', text: 'Low' } })).toBe(false);
    expect(sameContent(a, { ...a, label: null })).toBe(false);
  });
});

describe('marker HTML', () => {
  const d = makeDevice({ mac: 'AA:01', name: '<b>Cart</b>', customSettings: { color: '#ff0000' } });
  it('marks live green or stale red and escapes names', () => {
    expect(markerHtml(d, look)).toContain('live-dot live');
    expect(markerHtml(d, { ...look, live: false })).toContain('live-dot stale');
    expect(markerHtml(d, { ...look, label })).toContain('&lt;b&gt;Cart&lt;/b&gt;');
    expect(markerHtml(d, { ...look, label })).not.toContain('<b>');
  });
  it('marks the selected marker and uses a name box when asked', () => {
    expect(markerHtml(d, { ...look, selected: true })).toContain('device-marker selected');
    expect(markerHtml(d, { ...look, nameBox: true, label })).toContain('device-namebox');
  });
  it('writes the RSSI value and last-seen text into the label, at its offset', () => {
    const html = markerHtml(d, { ...look, label });
    expect(html).toContain('data-testid="device-rssi" dir="ltr">-61 dBm');
    expect(html).toContain('data-testid="device-last-seen">Just now');
    expect(html).toContain(
      'inline-size:70px;block-size:31px;left:calc(50% + 0px);top:calc(50% + 30px)',
    );
    expect(html).not.toContain('leader-line');
  });
  it('draws a leader line to a moved label and a ring for confidence', () => {
    const moved = { ...label, spot: { dx: 30, dy: 40, moved: true } };
    const html = markerHtml(d, {
      ...look,
      label: moved,
      ring: { cls: 'high', text: 'Confidence 90 %' },
    });
    expect(html).toContain(
      'data-testid="leader-line" style="inline-size:50px;transform:rotate(0.9273rad)"',
    );
    expect(html).toContain('ring-high');
    expect(html).toContain('data-confidence="high" title="Confidence 90 %"');
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
  it('while live updates are paused, says when it was seen and that its status is unknown since', () => {
    const paused = NOW - 10_000;
    const rows = tooltipRows(d, undefined, t, 'en', NOW + 45_000, paused);
    expect(rows).toEqual([
      ['Name', 'Cart'],
      ['RSSI', '-61 dBm'],
      ['Last Seen', formatClock(NOW - 30_000, 'en', NOW)],
      ['Connection', `Unknown since ${formatClock(paused, 'en', NOW)}`],
    ]);
    expect(formatClock(paused, 'en', NOW)).toMatch(/^\d\d:\d\d$/);
  });
});

describe('signal popup', () => {
  it("gives the position's confidence as a number, with its class and colour", () => {
    const info = {
      method: 'grid',
      confidence: 0.64,
      signalsUsed: 5,
      primaryGateway: 'GW:1',
      lastCalculated: new Date(NOW).toISOString(),
    };
    const html = signalPopupHtml(makeDevice({ triangulationInfo: info }), t, (m) => m);
    expect(html).toContain('class="signal-confidence tone-yellow"');
    expect(html).toContain('Confidence 64 % · Medium');
    expect(signalPopupHtml(makeDevice({ triangulationInfo: null }), t, (m) => m)).not.toContain(
      'signal-confidence',
    );
  });

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
