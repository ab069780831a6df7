/** Test fixtures shared by server tests: real PNG bytes and hand-built multipart bodies. */
import { crc32, deflateSync } from 'node:zlib';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * An RGB PNG whose header says width×height (all black). With `realData: false` the pixel data
 * is a token 64 bytes, so a header can claim a flood without the test allocating it.
 */
export function pngImage(width: number, height: number, { realData = true } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const raw = realData ? Buffer.alloc((1 + width * 3) * height) : Buffer.alloc(64);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface FilePart {
  field?: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data body for inject; every part is a file (field `image` by default). */
export function multipartBody(parts: FilePart[]) {
  const boundary = `----rtls-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'image'}"; ` +
          `filename="${p.filename ?? 'plan.png'}"\r\nContent-Type: ${p.contentType ?? 'image/png'}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
