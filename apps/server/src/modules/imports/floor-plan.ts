/** An SVG floor plan drawn from a floor's room polygons (pixels), each room labelled. */
import type { ImportedFloor } from './espresense-config.ts';

const escape = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function floorPlanSvg(floor: ImportedFloor): string {
  const { width, height } = floor.size;
  const rooms = floor.rooms
    .filter((r) => r.points.length >= 3)
    .map((r) => {
      const pts = r.points.map((p) => `${p.x},${p.y}`).join(' ');
      const cx = r.points.reduce((a, p) => a + p.x, 0) / r.points.length;
      const cy = r.points.reduce((a, p) => a + p.y, 0) / r.points.length;
      return (
        `<polygon points="${pts}" fill="#eef1f5" stroke="#5b6472" stroke-width="3"/>` +
        `<text x="${cx.toFixed(1)}" y="${cy.toFixed(1)}" font-family="sans-serif" font-size="22" ` +
        `fill="#3b4250" text-anchor="middle">${escape(r.name)}</text>`
      );
    });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="#ffffff"/>` +
    `${rooms.join('')}</svg>`
  );
}
