/**
 * Horizontal and vertical strokes of an ink mask: long runs of ink along rows (columns) that
 * continue over consecutive rows (columns) make a band; a band no thicker than a wall is a
 * stroke, its centre line halfway across it.
 */

/** A horizontal ('h') or vertical ('v') stroke: along from..to at `at` across, image pixels. */
export interface AxisStroke {
  axis: 'h' | 'v';
  /** The centre line's coordinate across the stroke (y of a horizontal one). */
  at: number;
  from: number;
  to: number;
  thickness: number;
}

interface Band {
  first: number;
  last: number;
  starts: number[];
  ends: number[];
  extended: boolean;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
};

const overlap = (a0: number, a1: number, b0: number, b1: number) =>
  Math.min(a1, b1) - Math.max(a0, b0);

/** The bands of one axis: runs of at least minRun pixels that continue from line to line. */
function bands(
  mask: Uint8Array,
  width: number,
  height: number,
  axis: AxisStroke['axis'],
  minRun: number,
  maxThickness: number,
): AxisStroke[] {
  const along = axis === 'h' ? width : height;
  const across = axis === 'h' ? height : width;
  const step = axis === 'h' ? 1 : width;
  const out: AxisStroke[] = [];
  const finish = (b: Band) => {
    const thickness = b.last - b.first + 1;
    if (thickness > maxThickness) return; // a filled area, not a stroke
    out.push({
      axis,
      at: (b.first + b.last + 1) / 2,
      from: median(b.starts),
      to: median(b.ends),
      thickness,
    });
  };
  let open: Band[] = [];
  for (let c = 0; c < across; c++) {
    const base = axis === 'h' ? c * width : c;
    const next: Band[] = [];
    let start = -1;
    for (let t = 0; t <= along; t++) {
      const ink = t < along && mask[base + t * step] === 1;
      if (ink) {
        if (start < 0) start = t;
        continue;
      }
      if (start < 0) continue;
      const s = start;
      start = -1;
      if (t - s < minRun) continue;
      const band = open.find(
        (b) =>
          !b.extended &&
          overlap(b.starts.at(-1)!, b.ends.at(-1)!, s, t) >=
            0.5 * Math.min(t - s, b.ends.at(-1)! - b.starts.at(-1)!),
      );
      if (band) {
        band.extended = true;
        band.last = c;
        band.starts.push(s);
        band.ends.push(t);
        next.push(band);
      } else next.push({ first: c, last: c, starts: [s], ends: [t], extended: true });
    }
    for (const b of open) if (!b.extended) finish(b);
    for (const b of next) b.extended = false;
    open = next;
  }
  open.forEach(finish);
  return out;
}

/**
 * Both axes' strokes of the mask, each at least minLength long in one piece: shorter marks side
 * by side (letters, dashes) stay apart even where they line up.
 */
export function axisStrokes(
  mask: Uint8Array,
  width: number,
  height: number,
  o: { minLength: number; maxThickness: number },
): AxisStroke[] {
  const minRun = Math.max(3, Math.floor(o.minLength));
  return [
    ...bands(mask, width, height, 'h', minRun, o.maxThickness),
    ...bands(mask, width, height, 'v', minRun, o.maxThickness),
  ].filter((s) => s.to - s.from >= o.minLength);
}

/** One stroke covering both, across their outer edges. */
function union(s: AxisStroke, o: AxisStroke): AxisStroke {
  const lo = Math.min(s.at - s.thickness / 2, o.at - o.thickness / 2);
  const hi = Math.max(s.at + s.thickness / 2, o.at + o.thickness / 2);
  return {
    axis: s.axis,
    at: (lo + hi) / 2,
    from: Math.min(s.from, o.from),
    to: Math.max(s.to, o.to),
    thickness: hi - lo,
  };
}

/** Merge pairs that `fits` says belong together until none does. */
function mergeWhile(
  strokes: readonly AxisStroke[],
  fits: (s: AxisStroke, o: AxisStroke) => boolean,
): AxisStroke[] {
  const out = [...strokes];
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const s = out[i]!;
        const o = out[j]!;
        if (s.axis !== o.axis || !fits(s, o)) continue;
        out[i] = union(s, o);
        out.splice(j, 1);
        merged = true;
        break;
      }
    }
  }
  return out;
}

/** Pieces of one line broken by at most `gap` pixels (anti-aliasing, dashes) become one. */
export const joinCollinear = (strokes: readonly AxisStroke[], gap: number) =>
  mergeWhile(
    strokes,
    (s, o) =>
      Math.abs(s.at - o.at) <= Math.max(s.thickness, o.thickness) / 2 &&
      overlap(s.from, s.to, o.from, o.to) >= -gap,
  );

/**
 * Parallel strokes that overlap along most of the shorter one and lie within one wall's
 * thickness (the two edges of a hollow wall, a window drawn in a wall) become one centre line.
 */
export const mergeParallel = (strokes: readonly AxisStroke[], maxThickness: number) =>
  mergeWhile(strokes, (s, o) => {
    const outer =
      Math.max(s.at + s.thickness / 2, o.at + o.thickness / 2) -
      Math.min(s.at - s.thickness / 2, o.at - o.thickness / 2);
    return (
      outer <= maxThickness &&
      overlap(s.from, s.to, o.from, o.to) >= 0.5 * Math.min(s.to - s.from, o.to - o.from)
    );
  });
