/** npm run replay -- --gateways g.json --reports r.csv [--settings s.json] [--interval-ms 1000] */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  formatRows,
  InputError,
  parseGateways,
  parseReports,
  parseSettings,
  replay,
} from '../replay.ts';

function main(): void {
  const { values } = parseArgs({
    options: {
      gateways: { type: 'string' },
      reports: { type: 'string' },
      settings: { type: 'string' },
      'interval-ms': { type: 'string', default: '1000' },
    },
  });
  if (!values.gateways || !values.reports) {
    throw new Error(
      'usage: replay --gateways <gateways.json> --reports <reports.csv> [--settings <file.json>] [--interval-ms 1000]',
    );
  }
  const intervalMs = Number(values['interval-ms']);
  if (!(intervalMs > 0))
    throw new Error(`--interval-ms must be a positive number, got "${values['interval-ms']}"`);
  const anchors = parseGateways(readFileSync(values.gateways, 'utf8'), values.gateways);
  const reports = parseReports(readFileSync(values.reports, 'utf8'), values.reports);
  const { settings, mode } = values.settings
    ? parseSettings(readFileSync(values.settings, 'utf8'), values.settings)
    : { settings: undefined, mode: undefined };
  process.stdout.write(formatRows(replay(anchors, reports, { intervalMs, settings, mode })));
}

try {
  main();
} catch (e) {
  console.error(e instanceof InputError || e instanceof Error ? e.message : String(e));
  process.exitCode = 1;
}
