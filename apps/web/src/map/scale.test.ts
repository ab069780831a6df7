import { describe, expect, it } from 'vitest';
import { pixelsPerMetre } from './scale.ts';

describe('pixelsPerMetre', () => {
  it('is the line length in pixels over its real length', () => {
    expect(pixelsPerMetre({ x: 0, y: 0 }, { x: 300, y: 400 }, 10)).toBe(50);
  });
  it('is null for an empty line or a length that is not positive', () => {
    expect(pixelsPerMetre({ x: 1, y: 1 }, { x: 1, y: 1 }, 5)).toBeNull();
    expect(pixelsPerMetre({ x: 0, y: 0 }, { x: 10, y: 0 }, 0)).toBeNull();
    expect(pixelsPerMetre({ x: 0, y: 0 }, { x: 10, y: 0 }, -2)).toBeNull();
    expect(pixelsPerMetre({ x: 0, y: 0 }, { x: 10, y: 0 }, NaN)).toBeNull();
  });
});
