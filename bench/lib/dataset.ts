/** Loader for the Kolakowski 2021 BLE dataset (anchors + robot-ground-truth RSSI rows). */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { metres, type Anchor, type Observation } from '@rtls/positioning';

/** One row: time (ms), ground truth (m) and one observation per anchor that heard the tag. */
export interface DatasetRow {
  tMs: number;
  x: number;
  y: number;
  observations: Observation[];
}

/** The dataset: anchors and the calibration and test runs. */
export interface Dataset {
  dir: string;
  anchors: Anchor[];
  calibration: DatasetRow[];
  test: DatasetRow[];
}

const DATASET = join('shared', 'datasets', 'kolakowski-ble-2021');

/** Find the dataset by walking up from this file and from the working directory. */
export function findDatasetDir(): string | null {
  const starts = [dirname(fileURLToPath(import.meta.url)), process.cwd()];
  for (const start of starts) {
    let dir = resolve(start);
    for (;;) {
      const candidate = join(dir, DATASET);
      if (existsSync(join(candidate, 'anchors.csv'))) return candidate;
      const sibling = join(dir, '..', DATASET);
      if (existsSync(join(sibling, 'anchors.csv'))) return resolve(sibling);
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return null;
}

function readAnchors(file: string): Anchor[] {
  const lines = readFileSync(file, 'utf8').trim().split(/\r?\n/).slice(1);
  return lines.map((line) => {
    const [id, x, y, z] = line.split(',');
    return { id: String(id), x: metres(Number(x)), y: metres(Number(y)), z: metres(Number(z)) };
  });
}

function readRun(file: string, anchors: Anchor[]): DatasetRow[] {
  const [head, ...lines] = readFileSync(file, 'utf8').trim().split(/\r?\n/);
  const cols = (head ?? '').split(',');
  const at = (name: string): number => cols.indexOf(name);
  const [ts, xi, yi] = [at('ts'), at('x'), at('y')];
  const rssiCols = anchors.map((a) => at(`rssi_${a.id}`));
  return lines.map((line) => {
    const f = line.split(',');
    const observations: Observation[] = [];
    rssiCols.forEach((c, k) => {
      const v = f[c];
      if (v !== undefined && v !== '')
        observations.push({ gateway: anchors[k]!.id, rssi: Number(v), ageMs: 0 });
    });
    return { tMs: Number(f[ts]) / 1e6, x: Number(f[xi]), y: Number(f[yi]), observations };
  });
}

/** Load the dataset, or null when it is not present. */
export function loadDataset(): Dataset | null {
  const dir = findDatasetDir();
  if (!dir) return null;
  const anchors = readAnchors(join(dir, 'anchors.csv'));
  return {
    dir,
    anchors,
    calibration: readRun(join(dir, 'calibration_df.csv'), anchors),
    test: readRun(join(dir, 'test_robot_df.csv'), anchors),
  };
}
