/**
 * SVG rebuilt from an allow-list: only known drawing elements and presentation attributes survive;
 * scripts, event handlers, foreignObject, styles and any reference outside the document are dropped.
 * Entity declarations are refused outright (billion-laughs, external entities).
 */
import { ImageRejected } from './errors.ts';

const ELEMENTS = new Set(
  (
    'svg g path rect circle ellipse line polyline polygon text tspan textPath defs title desc use symbol ' +
    'linearGradient radialGradient stop clipPath mask pattern marker'
  ).split(' '),
);

const ATTRIBUTES = new Set(
  (
    'id class x y x1 x2 y1 y2 cx cy r rx ry dx dy width height viewBox d points transform fill stroke ' +
    'stroke-width stroke-opacity fill-opacity fill-rule clip-rule opacity stroke-linecap stroke-linejoin ' +
    'stroke-dasharray stroke-dashoffset stroke-miterlimit font-size font-family font-weight font-style ' +
    'text-anchor dominant-baseline letter-spacing offset stop-color stop-opacity gradientUnits ' +
    'gradientTransform patternUnits patternTransform spreadMethod fx fy preserveAspectRatio xmlns ' +
    'xmlns:xlink version clip-path mask marker-start marker-mid marker-end markerWidth markerHeight refX refY ' +
    'orient href xlink:href visibility display color vector-effect shape-rendering'
  ).split(' '),
);

const SAFE_VALUE = /^[^<>]*$/;

function safeAttribute(name: string, value: string): boolean {
  if (!ATTRIBUTES.has(name) || !SAFE_VALUE.test(value)) return false;
  const v = value.trim().toLowerCase();
  // References may only point inside the document.
  if (name === 'href' || name === 'xlink:href') return v.startsWith('#');
  if (/url\(/.test(v)) return /^url\(\s*['"]?#[\w.-]+['"]?\s*\)$/.test(v);
  return !/(javascript|vbscript|data):/.test(v) && !/expression\s*\(/.test(v);
}

const escapeText = (s: string) =>
  s.replace(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/gi, '&amp;');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function numeric(v: string | undefined): number | null {
  if (!v) return null;
  const m = /^\s*([\d.]+)\s*(px)?\s*$/.exec(v);
  return m ? Number(m[1]) : null;
}

/** Rebuild an SVG document from its allowed parts; returns the text and its size in pixels. */
export function sanitiseSvg(input: string): {
  text: string;
  size: { width: number; height: number };
} {
  if (/<!ENTITY/i.test(input)) throw new ImageRejected('SVG entity declarations are not allowed');
  const src = input
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/gi, '')
    .replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  const out: string[] = [];
  // Depth inside a dropped element: its whole subtree (text included) goes with it.
  let dropDepth = 0;
  let rootAttrs: Record<string, string> | null = null;
  const tag =
    /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>|([^<]+)|(<)/g;
  for (let m = tag.exec(src); m; m = tag.exec(src)) {
    const [, closing, rawName, rawAttrs, selfClosing, text, stray] = m;
    if (stray) throw new ImageRejected('The SVG file is not well formed');
    if (text !== undefined) {
      if (dropDepth === 0) out.push(escapeText(text));
      continue;
    }
    const name = rawName!;
    const allowed = ELEMENTS.has(name);
    if (closing) {
      if (dropDepth > 0) dropDepth--;
      else if (allowed) out.push(`</${name}>`);
      continue;
    }
    if (dropDepth > 0 || !allowed) {
      if (!selfClosing) dropDepth++;
      continue;
    }
    const attrs: Record<string, string> = {};
    const attrRe = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
    for (let a = attrRe.exec(rawAttrs ?? ''); a; a = attrRe.exec(rawAttrs ?? '')) {
      const value = a[2] ?? a[3] ?? a[4] ?? '';
      if (safeAttribute(a[1]!, value)) attrs[a[1]!] = value;
    }
    if (name === 'svg' && !rootAttrs) rootAttrs = attrs;
    const serialised = Object.entries(attrs)
      .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
      .join('');
    out.push(`<${name}${serialised}${selfClosing ? '/' : ''}>`);
  }
  if (!rootAttrs) throw new ImageRejected('The SVG file has no <svg> element');
  const viewBox = (rootAttrs.viewBox ?? '').split(/[\s,]+/).map(Number);
  const width = numeric(rootAttrs.width) ?? (viewBox.length === 4 ? viewBox[2]! : null);
  const height = numeric(rootAttrs.height) ?? (viewBox.length === 4 ? viewBox[3]! : null);
  if (!width || !height)
    throw new ImageRejected('The SVG file needs a width and height or a viewBox');
  return {
    text: out.join('').trim() + '\n',
    size: { width: Math.round(width), height: Math.round(height) },
  };
}
