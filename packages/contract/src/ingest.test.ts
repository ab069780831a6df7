import { describe, expect, it } from 'vitest';
import { normaliseDeviceId } from './ingest.ts';

describe('normaliseDeviceId', () => {
  it('normalises a MAC in any spelling', () => {
    expect(normaliseDeviceId('c4-00-00-00-00-01')).toBe('C4:00:00:00:00:01');
    expect(normaliseDeviceId('c40000000001')).toBe('C4:00:00:00:00:01');
  });

  it('keeps stable ids as sent (case matters in them)', () => {
    for (const id of [
      'irk:8a4b1c2d3e4f5a6b7c8d9e0f1a2b3c4d',
      'iBeacon:e2c56db5-dffb-48d2-b060-d0f5a71096e0-100-1',
      'watch:anna',
      'eddystone:edd1ebeac04e5defa017-0123456789ab',
    ])
      expect(normaliseDeviceId(` ${id} `)).toBe(id);
  });

  it('refuses truncated MACs, bare words, path characters and over-long ids', () => {
    for (const bad of [
      'C3:00:00:00:00',
      'phone',
      'irk:',
      'a:b/c',
      'x:a b',
      `irk:${'a'.repeat(70)}`,
      42,
      null,
    ])
      expect(normaliseDeviceId(bad)).toBeNull();
  });
});
