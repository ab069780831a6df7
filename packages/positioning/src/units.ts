/** Branded units so metres, pixels and dBm cannot be mixed by accident. */
export type Metres = number & { readonly __unit: 'm' };
export type Pixels = number & { readonly __unit: 'px' };
export type Dbm = number & { readonly __unit: 'dBm' };

export const metres = (n: number): Metres => n as Metres;
export const pixels = (n: number): Pixels => n as Pixels;
export const dbm = (n: number): Dbm => n as Dbm;

/** A point in metres on the floor plane. */
export interface PointM {
  x: Metres;
  y: Metres;
}
/** A point in image pixels on the floor plan. */
export interface PointPx {
  x: Pixels;
  y: Pixels;
}

export function toMetres(p: { x: number; y: number }, pixelsPerMetre: number): PointM {
  return { x: metres(p.x / pixelsPerMetre), y: metres(p.y / pixelsPerMetre) };
}
export function toPixels(p: { x: number; y: number }, pixelsPerMetre: number): PointPx {
  return { x: pixels(p.x * pixelsPerMetre), y: pixels(p.y * pixelsPerMetre) };
}
