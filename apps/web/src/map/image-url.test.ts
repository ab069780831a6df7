import { describe, expect, it } from 'vitest';
import { resolveImageUrl } from './image-url.ts';

describe('resolveImageUrl', () => {
  it('appends the stored login token to /images/ paths', () => {
    localStorage.setItem('token', 'abc123');
    expect(resolveImageUrl('/images/floor.png')).toBe('/images/floor.png?token=abc123');
  });

  it('encodes the token for the query', () => {
    localStorage.setItem('token', 'a+b/c=');
    expect(resolveImageUrl('/images/floor.png')).toBe('/images/floor.png?token=a%2Bb%2Fc%3D');
  });

  it('fetches /uploads/ paths without a token', () => {
    localStorage.setItem('token', 'abc123');
    expect(resolveImageUrl('/uploads/maps/1.png')).toBe('/uploads/maps/1.png');
  });

  it('uses anything else unchanged, as a full URL', () => {
    localStorage.setItem('token', 'abc123');
    expect(resolveImageUrl('https://cdn.example.com/plan.svg')).toBe(
      'https://cdn.example.com/plan.svg',
    );
    expect(resolveImageUrl('/maps/floor1.png')).toBe('/maps/floor1.png');
  });

  it('joins the token with & when the path already has a query', () => {
    localStorage.setItem('token', 'abc');
    expect(resolveImageUrl('/images/a.png?v=2')).toBe('/images/a.png?v=2&token=abc');
  });

  it('is null when there is no image', () => {
    expect(resolveImageUrl(undefined)).toBeNull();
    expect(resolveImageUrl('')).toBeNull();
  });
});
