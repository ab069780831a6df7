/**
 * The demo building: a 60 × 40 m floor with two crossing corridors and twelve rooms. The floor plan
 * image (apps/web/public/maps/floor1.svg) is drawn from the same numbers at 20 px per metre.
 */
export const DEMO_PIXELS_PER_METRE = 20;
export const DEMO_FLOOR = { width: 60, height: 40 } as const;

export interface NodeM {
  id: string;
  x: number;
  y: number;
  /** Rooms are where tags pause; corridor nodes are passed through. */
  kind: 'corridor' | 'room';
}

/** Corridor spine: horizontal y = 20 m, vertical x = 30 m. */
const corridor: NodeM[] = [4, 9, 14, 20, 24, 30, 36, 40, 46, 51, 56].map((x) => ({
  id: `c${x}`,
  x,
  y: 20,
  kind: 'corridor' as const,
}));
const vertical: NodeM[] = [4, 9, 14, 26, 31, 36].map((y) => ({
  id: `v${y}`,
  x: 30,
  y,
  kind: 'corridor' as const,
}));

/** Room centres, each linked to the corridor node in front of its door. */
const rooms: { id: string; x: number; y: number; door: string }[] = [
  { id: 'r1', x: 9, y: 9, door: 'c9' },
  { id: 'r2', x: 18, y: 9, door: 'c20' },
  { id: 'r3', x: 24, y: 10, door: 'c24' },
  { id: 'r4', x: 38, y: 9, door: 'c40' },
  { id: 'r5', x: 46, y: 9, door: 'c46' },
  { id: 'r6', x: 53, y: 10, door: 'c51' },
  { id: 'r7', x: 8, y: 31, door: 'c9' },
  { id: 'r8', x: 17, y: 31, door: 'c14' },
  { id: 'r9', x: 24, y: 30, door: 'c24' },
  { id: 'r10', x: 38, y: 31, door: 'c36' },
  { id: 'r11', x: 46, y: 30, door: 'c46' },
  { id: 'r12', x: 53, y: 31, door: 'c56' },
];

export const NODES: NodeM[] = [
  ...corridor,
  ...vertical,
  ...rooms.map((r) => ({ id: r.id, x: r.x, y: r.y, kind: 'room' as const })),
];

/** Undirected walking graph. */
export const EDGES: [string, string][] = [
  ...corridor.slice(1).map((n, i) => [corridor[i]!.id, n.id] as [string, string]),
  ['v4', 'v9'],
  ['v9', 'v14'],
  ['v14', 'c30'],
  ['c30', 'v26'],
  ['v26', 'v31'],
  ['v31', 'v36'],
  ...rooms.map((r) => [r.id, r.door] as [string, string]),
];

/** Gateways on the walls, in metres, mounted at 2.5 m. */
export const DEMO_GATEWAYS = [
  { mac: 'AC:23:3F:00:00:01', name: 'GW West Wing', x: 6, y: 4 },
  { mac: 'AC:23:3F:00:00:02', name: 'GW North Hall', x: 22, y: 3 },
  { mac: 'AC:23:3F:00:00:03', name: 'GW North East', x: 40, y: 3 },
  { mac: 'AC:23:3F:00:00:04', name: 'GW East Wing', x: 56, y: 6 },
  { mac: 'AC:23:3F:00:00:05', name: 'GW South West', x: 4, y: 36 },
  { mac: 'AC:23:3F:00:00:06', name: 'GW South Hall', x: 20, y: 37 },
  { mac: 'AC:23:3F:00:00:07', name: 'GW South East', x: 42, y: 37 },
  { mac: 'AC:23:3F:00:00:08', name: 'GW Atrium', x: 31, y: 22 },
] as const;
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
