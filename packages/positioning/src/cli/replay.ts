/**
 * npm run replay -- --gateways g.json --reports r.csv [--settings s.json] [--interval-ms 1000]
 *   [--floor floor.json] [--mask plan.png --mask-metres-per-pixel 0.05 [--mask-origin x,y]
 *   [--mask-wall-kind light]]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FLOOR_MODEL_LIMITS, WALL_CLASSES, type WallClass } from '@rtls/contract';
import type { FloorGeometry, WallSegment } from '../floor.ts';
import {
  formatRows,
  InputError,
  parseGateways,
  parseReports,
  parseSettings,
  replay,
} from '../replay.ts';
import { maskWalls, parseFloor, parseOrigin } from './floor-input.ts';
import { decodePng } from './png.ts';

const USAGE =
  'usage: replay --gateways <gateways.json> --reports <reports.csv> [--settings <file.json>] ' +
  '[--interval-ms 1000] [--floor <floor.json>] [--mask <plan.png> --mask-metres-per-pixel <m> ' +
  '[--mask-origin x,y] [--mask-wall-kind glass|light|heavy]]';

type Values = Record<string, string | undefined>;

/** The walls of --mask, or none without it. */
function maskFrom(values: Values): WallSegment[] {
  const file = values.mask;
  const mpp = values['mask-metres-per-pixel'];
  const others = ['mask-metres-per-pixel', 'mask-origin', 'mask-wall-kind'];
  if (!file) {
    const stray = others.find((k) => values[k] !== undefined);
    if (stray) throw new Error(`--${stray} needs --mask <plan.png>`);
    return [];
  }
  if (mpp === undefined) throw new Error('--mask needs --mask-metres-per-pixel (e.g. 0.05)');
  const metresPerPixel = Number(mpp);
  if (!(metresPerPixel > 0) || !Number.isFinite(metresPerPixel))
    throw new Error(`--mask-metres-per-pixel must be a positive number, got "${mpp}"`);
  const kind = values['mask-wall-kind'] ?? 'light';
  if (!WALL_CLASSES.includes(kind as WallClass))
    throw new Error(`--mask-wall-kind must be one of ${WALL_CLASSES.join(', ')}, got "${kind}"`);
  const image = decodePng(readFileSync(file), file);
  const walls = maskWalls(image, {
    metresPerPixel,
    origin: parseOrigin(values['mask-origin'] ?? '0,0'),
    kind: kind as WallClass,
  });
  if (walls.length === 0) throw new Error(`${file}: the mask has no dark pixels and no edge`);
  if (walls.length > FLOOR_MODEL_LIMITS.maxSegments)
    console.error(
      `${file}: ${walls.length} wall segments (a map takes at most ${FLOOR_MODEL_LIMITS.maxSegments}); ` +
        'a mask with fewer steps (no anti-aliasing, coarser pixels) replays faster',
    );
  return walls;
}

/** The floor from --floor and --mask together (the mask's walls added to the file's). */
function floorFrom(values: Values): FloorGeometry | undefined {
  const mask = maskFrom(values);
  if (values.floor) return parseFloor(readFileSync(values.floor, 'utf8'), values.floor, mask);
  return mask.length > 0 ? { walls: mask, doors: [], outline: null } : undefined;
}

function main(): void {
  const { values } = parseArgs({
    options: {
      gateways: { type: 'string' },
      reports: { type: 'string' },
      settings: { type: 'string' },
      'interval-ms': { type: 'string', default: '1000' },
      floor: { type: 'string' },
      mask: { type: 'string' },
      'mask-metres-per-pixel': { type: 'string' },
      'mask-origin': { type: 'string' },
      'mask-wall-kind': { type: 'string' },
    },
  });
  if (!values.gateways || !values.reports) throw new Error(USAGE);
  const intervalMs = Number(values['interval-ms']);
  if (!(intervalMs > 0))
    throw new Error(`--interval-ms must be a positive number, got "${values['interval-ms']}"`);
  const floor = floorFrom(values);
  const anchors = parseGateways(readFileSync(values.gateways, 'utf8'), values.gateways);
  const reports = parseReports(readFileSync(values.reports, 'utf8'), values.reports);
  const { settings, mode } = values.settings
    ? parseSettings(readFileSync(values.settings, 'utf8'), values.settings)
    : { settings: undefined, mode: undefined };
  process.stdout.write(formatRows(replay(anchors, reports, { intervalMs, settings, mode, floor })));
}

try {
  main();
} catch (e) {
  console.error(e instanceof InputError || e instanceof Error ? e.message : String(e));
  process.exitCode = 1;
}
