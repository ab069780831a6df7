/**
 * The demo building: a 60 × 40 m plan (its floor, rooms and walls in plan.ts), its gateways and its
 * tags. The floor plan image (apps/web/public/maps/floor1.svg) is drawn at 20 px per metre.
 */
import { ROOMS } from './plan.ts';
import { INDOOR_BLE } from './radio.ts';

export const DEMO_PIXELS_PER_METRE = 20;
export const DEMO_FLOOR = { width: 60, height: 40 } as const;

const roomGateway = (name: string): [string, number, number] => {
  const r = ROOMS.find((room) => room.name === name)!;
  return [`GW ${name}`, (r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2];
};

/**
 * The demo gateways, in metres, on the ceiling (2.5 m): one in the middle of every room, five
 * along the main corridor and one in each arm of the cross corridor, so that a tag anywhere hears
 * a gateway within a few metres and is heard by several through at most a wall or two. The first
 * eight alone still cover the floor (the crossing and rooms all round), for smaller layouts.
 */
export const DEMO_GATEWAYS: readonly { mac: string; name: string; x: number; y: number }[] = (
  [
    ['GW Crossing', 30, 20],
    roomGateway('Ward A'),
    roomGateway('Storage'),
    roomGateway('Ward C'),
    roomGateway('Loading Bay'),
    roomGateway('Ward B'),
    roomGateway('Surgery'),
    roomGateway('Lab'),
    roomGateway('Pharmacy'),
    roomGateway('Imaging'),
    roomGateway('Ward D'),
    roomGateway('Staff'),
    roomGateway('Recovery'),
    ['GW Corridor West', 4, 20],
    ['GW Corridor West Centre', 19, 20],
    ['GW Corridor East Centre', 39, 20],
    ['GW Corridor East', 55, 20],
    ['GW North Passage', 30, 5],
    ['GW South Passage', 30, 35],
  ] as [string, number, number][]
).map(([name, x, y], i) => ({
  mac: `AC:23:3F:00:00:${(i + 1).toString(16).toUpperCase().padStart(2, '0')}`,
  name,
  x,
  y,
}));
export const GATEWAY_HEIGHT_M = 2.5;
export const TAG_HEIGHT_M = 1.2;

const DEVICE_NAMES = [
  'Forklift 1',
  'Nurse Anna',
  'Infusion Pump 7',
  'Wheelchair 3',
  'Visitor Badge 12',
  'Defibrillator',
  'Dr. Levi',
  'Cart 42',
];

/** The i-th simulated tag's MAC and name. */
export function demoDevice(i: number): { mac: string; name: string } {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');
  return {
    mac: `C3:00:00:00:${hex((i >> 8) & 0xff)}:${hex(i & 0xff)}`,
    name: DEVICE_NAMES[i] ?? `Tag ${i + 1}`,
  };
}

/** The demo gateways' maxRSSI (the tags' RSSI at 1 m, as the simulator sends) and threshold. */
export const DEMO_RSSI_AT_1M = INDOOR_BLE.p0;
export const DEMO_LOGIC_THRESHOLD = -95;
