import { describe, expect, it } from 'vitest';
import { checkImage, pickDropped } from './map-form.ts';

const file = (name: string, type: string, size = 10) =>
  new File([new Uint8Array(size)], name, { type });

describe('checkImage', () => {
  it('accepts an image up to exactly 10 MB', () => {
    expect(checkImage(file('a.png', 'image/png'))).toBeNull();
    expect(checkImage(file('a.svg', 'image/svg+xml', 10_485_760))).toBeNull();
  });
  it('refuses a non-image and an image over 10 MB', () => {
    expect(checkImage(file('a.pdf', 'application/pdf'))).toBe('notImage');
    expect(checkImage(file('a.png', 'image/png', 10_485_761))).toBe('tooLarge');
  });
});

describe('pickDropped', () => {
  it('takes the first image among several dropped files', () => {
    const txt = file('notes.txt', 'text/plain');
    const jpg = file('b.jpg', 'image/jpeg');
    const png = file('c.png', 'image/png');
    expect(pickDropped([txt, jpg, png])).toBe(jpg);
  });
  it('hands back the first file when none is an image, so it can be refused', () => {
    const txt = file('notes.txt', 'text/plain');
    expect(pickDropped([txt])).toBe(txt);
    expect(pickDropped([])).toBeUndefined();
  });
});
