import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeGateway } from '../../test/fixtures.ts';
import { displayedGateway, gatewayThreshold, useGatewaysStore } from './gateways-store.ts';

const A = makeGateway({ mac: 'GW:A', position: { x: 10, y: 20 } });
const B = makeGateway({ mac: 'GW:B', position: { x: 300, y: 40 } });

beforeEach(() => {
  useGatewaysStore.getState().reset();
  useGatewaysStore.setState({ mapId: 'map-1', entities: { [A.mac]: A, [B.mac]: B } });
});
afterEach(() => vi.unstubAllGlobals());

describe('edit mode positions', () => {
  it('Save persists every gateway of the map with its moved or saved position', async () => {
    const { calls } = mockFetch({
      'PUT /api/gateways/map/map-1/GW%3AA': jsonResponse({
        success: true,
        gateway: { ...A, position: { x: 50, y: 60 } },
      }),
      'PUT /api/gateways/map/map-1/GW%3AB': jsonResponse({ success: true, gateway: B }),
    });
    useGatewaysStore.getState().moveGateway('GW:A', { x: 50, y: 60 });
    await useGatewaysStore.getState().savePositions();
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      ['/api/gateways/map/map-1/GW%3AA', { position: { x: 50, y: 60 } }],
      ['/api/gateways/map/map-1/GW%3AB', { position: { x: 300, y: 40 } }],
    ]);
    const s = useGatewaysStore.getState();
    expect(s.moved).toEqual({});
    expect(s.entities['GW:A']?.position).toEqual({ x: 50, y: 60 });
  });

  it('discarding returns to the saved configuration of the map', async () => {
    const { calls } = mockFetch({
      'GET /api/gateways/map/map-1': jsonResponse({ success: true, gateways: [A, B] }),
    });
    useGatewaysStore.getState().moveGateway('GW:B', { x: 1, y: 1 });
    useGatewaysStore.getState().discardPositions();
    expect(useGatewaysStore.getState().moved).toEqual({});
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(useGatewaysStore.getState().entities['GW:B']?.position).toEqual({ x: 300, y: 40 });
  });
});

describe('displayed gateway', () => {
  it('overlays slider drafts and moves on the saved gateway', () => {
    const shown = displayedGateway(A, { viewRadius: 80, logicThreshold: -70 }, { x: 5, y: 6 });
    expect(shown).toMatchObject({ viewRadius: 80, logicThreshold: -70, position: { x: 5, y: 6 } });
    expect(displayedGateway(A, undefined, undefined)).toBe(A);
  });

  it('reads the threshold from customSettings, the top level, or maxRSSI', () => {
    expect(gatewayThreshold(makeGateway({ customSettings: { logicThreshold: -81 } }))).toBe(-81);
    expect(gatewayThreshold(makeGateway({ logicThreshold: -72 }))).toBe(-72);
    expect(gatewayThreshold(makeGateway({ maxRSSI: -40 }))).toBe(-40);
  });
});
