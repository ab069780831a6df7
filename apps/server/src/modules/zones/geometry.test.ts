import { describe, expect, it } from 'vitest';
import { compilePolygon, contains, polygonProblem, withinMargin } from './geometry.ts';

const square = [
  { x: 0, y: 0 },
  { x: 10, y: 0 },
  { x: 10, y: 10 },
  { x: 0, y: 10 },
];

describe('zone geometry', () => {
  it('tells inside from outside, and near the outline from far', () => {
    const p = compilePolygon(square);
    expect(contains(p, 5, 5)).toBe(true);
    expect(contains(p, 11, 5)).toBe(false);
    expect(withinMargin(p, 11, 5, 2)).toBe(true);
    expect(withinMargin(p, 13, 5, 2)).toBe(false);
    expect(p.area).toBe(100);
  });

  it('refuses crossing edges and flat outlines, accepts concave ones', () => {
    const bowtie = [square[0]!, square[2]!, square[1]!, square[3]!];
    expect(polygonProblem(bowtie)).toBe('polygonCrosses');
    expect(
      polygonProblem([
        { x: 0, y: 0 },
        { x: 5, y: 5 },
        { x: 10, y: 10 },
      ]),
    ).toBe('polygonFlat');
    const l = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 4 },
      { x: 4, y: 4 },
      { x: 4, y: 10 },
      { x: 0, y: 10 },
    ];
    expect(polygonProblem(l)).toBeNull();
    expect(contains(compilePolygon(l), 8, 8)).toBe(false);
  });
});
