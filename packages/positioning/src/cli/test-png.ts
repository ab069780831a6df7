/** PNG files for tests, written by hand: chunks with CRCs, rows given with their filter byte. */
import { deflateSync } from 'node:zlib';
import { crc32 } from './png.ts';

function chunk(type: string, body: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/** A PNG of the given colour type and depth; rows are raw bytes, each with its filter byte first. */
export function encodePng(
  width: number,
  height: number,
  type: number,
  depth: number,
  filteredRows: number[][],
  extra: { palette?: number[]; interlace?: number } = {},
): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = depth;
  ihdr[9] = type;
  ihdr[12] = extra.interlace ?? 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...(extra.palette ? [chunk('PLTE', Buffer.from(extra.palette))] : []),
    chunk('IDAT', deflateSync(Buffer.from(filteredRows.flat()))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
