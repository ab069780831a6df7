import { describe, expect, it } from 'vitest';
import type { Point } from '@rtls/contract';
import { imageSize, validPoint } from './crs.ts';

describe('imageSize', () => {
  it('is 800 × 600 when the map has no size', () => {
    expect(imageSize(undefined)).toEqual({ width: 800, height: 600 });
    expect(imageSize({})).toEqual({ width: 800, height: 600 });
  });

  it('falls back to 800 × 600 for a zero or negative size', () => {
    expect(imageSize({ imageSize: { width: 0, height: 500 } })).toEqual({
      width: 800,
      height: 600,
    });
    expect(imageSize({ imageSize: { width: 500, height: -1 } })).toEqual({
      width: 800,
      height: 600,
    });
  });

  it('uses the map’s own size', () => {
    expect(imageSize({ imageSize: { width: 1200, height: 800 } })).toEqual({
      width: 1200,
      height: 800,
    });
  });
});

describe('validPoint', () => {
  it('accepts finite numeric coordinates, including 0', () => {
    expect(validPoint({ x: 0, y: 0 })).toEqual({ x: 0, y: 0 });
    expect(validPoint({ x: 12.5, y: -3 })).toEqual({ x: 12.5, y: -3 });
  });

  it('rejects NaN, infinite, string and missing coordinates', () => {
    expect(validPoint({ x: NaN, y: 1 })).toBeNull();
    expect(validPoint({ x: 1, y: Infinity })).toBeNull();
    expect(validPoint({ x: '10', y: 20 } as unknown as Point)).toBeNull();
    expect(validPoint({ x: 10 } as unknown as Point)).toBeNull();
    expect(validPoint(null)).toBeNull();
    expect(validPoint(undefined)).toBeNull();
  });
});
