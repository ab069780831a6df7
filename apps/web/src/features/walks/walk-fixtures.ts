/** Walks, calibrations and reports for the walk screens' tests. */
import type { Calibration, Walk, WalkPoint, WalkReport } from '@rtls/contract';

export const TAG = 'AA:BB:CC:00:00:01';

export function makePoint(i: number, overrides: Partial<WalkPoint> = {}): WalkPoint {
  const from = Date.UTC(2026, 10, 27, 10, 0, i * 10);
  return {
    id: `p${i + 1}`,
    x: 100 + i * 20,
    y: 200,
    from: new Date(from).toISOString(),
    to: new Date(from + 5000).toISOString(),
    deviceMac: null,
    ...overrides,
  };
}

export function makeWalk(points = 0, overrides: Partial<Walk> = {}): Walk {
  return {
    id: 'w1',
    mapId: 'map-1',
    deviceMac: TAG,
    status: 'open',
    createdBy: 'u1',
    createdAt: '2026-11-27T10:00:00.000Z',
    finishedAt: null,
    points: Array.from({ length: points }, (_, i) => makePoint(i)),
    ...overrides,
  };
}

const summary = (medianM: number, p90M: number, count = 12) => ({
  count,
  medianM,
  p90M,
  maxM: p90M + 1,
});

export function makeCalibration(overrides: Partial<Calibration> = {}): Calibration {
  return {
    id: 'c1',
    walkId: 'w1',
    mapId: 'map-1',
    createdAt: '2026-11-27T10:10:00.000Z',
    points: 12,
    folds: 5,
    exponent: 2.3,
    gateways: [],
    before: summary(4.93, 11.62),
    after: summary(2.77, 5.38),
    verdict: {
      applicable: true,
      reason: 'improves',
      message: 'Held-out points are located better: apply it',
      p90ChangePct: -53.7,
    },
    appliedAt: null,
    ...overrides,
  };
}

export function makeReport(overrides: Partial<WalkReport> = {}): WalkReport {
  return {
    id: 'r2',
    walkId: 'w1',
    mapId: 'map-1',
    deviceMac: TAG,
    createdAt: '2026-11-27T10:12:00.000Z',
    calibrationId: 'c1',
    summary: summary(2.1, 4.4, 2),
    unlocated: 1,
    zones: [{ zoneId: 'z1', name: 'Lab', summary: summary(1.5, 1.9, 1) }],
    worst: ['p2', 'p1'],
    points: [
      {
        pointId: 'p1',
        x: 100,
        y: 200,
        locatedX: 120,
        locatedY: 200,
        errorM: 1.5,
        zoneIds: ['z1'],
        heard: [
          { mac: 'GW:00:00:00:00:01', rssi: -71.4, count: 6 },
          { mac: 'GW:00:00:00:00:02', rssi: -60.2, count: 5 },
        ],
      },
      {
        pointId: 'p2',
        x: 140,
        y: 200,
        locatedX: 200,
        locatedY: 260,
        errorM: 4.4,
        zoneIds: [],
        heard: [{ mac: 'GW:00:00:00:00:01', rssi: -80, count: 1 }],
      },
      {
        pointId: 'p3',
        x: 160,
        y: 200,
        locatedX: null,
        locatedY: null,
        errorM: null,
        zoneIds: [],
        heard: [],
      },
    ],
    ...overrides,
  };
}
