/**
 * Hostile uploads to POST /maps/{id}/upload-image over HTTP. The type comes
 * from the bytes, appended payloads and bombs are refused, SVG is served without anything that
 * runs or fetches, the stored name is the server's own, the 10 MB limit answers 413 with a
 * clear sentence — and nothing answers 500. A refused upload leaves the map's image as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_UPLOAD_MAX_BYTES } from '@rtls/contract';
import { expect, it } from 'vitest';
import {
  multipartBody as multipart,
  PNG_SIGNATURE,
  pngChunk,
  pngImage,
  type FilePart as Part,
} from './fixtures.ts';
import { bearer, countRows, createSignedInUser, describeEachDb, type SignedIn } from './helpers.ts';
import { createMapOf } from './maps-api.ts';

const TOO_LARGE = 'Image file is too large (max 10MB)';
const STORED_PATH = /^\/uploads\/[0-9a-f-]{36}\.(png|svg)$/;

const HOSTILE_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
     width="200" height="100" onload="alert('onload')">
  <script>alert('script')</script>
  <SCRIPT>alert('upper')</SCRIPT>
  <rect x="0" y="0" width="200" height="100" fill="#eee" onclick="alert('click')"/>
  <foreignObject width="100" height="50"><body xmlns="http://www.w3.org/1999/xhtml">
    <iframe src="https://evil.example/frame"></iframe></body></foreignObject>
  <image href="https://evil.example/track.png" width="10" height="10"/>
  <use xlink:href="https://evil.example/sprite.svg#a"/>
  <a href="javascript:alert('link')"><text x="10" y="20">Floor</text></a>
  <style>@import url(https://evil.example/x.css);</style>
  <circle cx="50" cy="50" r="10" fill="url(https://evil.example/p#g)"/>
  <path d="M0 0 L10 10" stroke="#000"/>
</svg>`;

const ENTITY_BOMB = `<?xml version="1.0"?>
<!DOCTYPE svg [
  <!ENTITY a "lollollollollollollollollollol">
  <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
  <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
  <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
]>
<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><text>&d;</text></svg>`;

interface MapSettingsJson {
  backgroundImage?: string;
  imageSize?: { width: number; height: number };
}

describeEachDb('upload attacks', (t) => {
  let owner: SignedIn;
  let mapId: string;
  /** The image the map has before each attack: a 16×10 PNG. */
  let original: MapSettingsJson;

  t.setup(async () => {
    owner = await createSignedInUser(t.built, 'uploader');
    mapId = await createMapOf(t.app, owner.token, { name: 'Target' });
    const first = await upload([{ data: pngImage(16, 10) }]);
    expect(first.statusCode).toBe(200);
    original = await settings();
    expect(original.backgroundImage).toMatch(STORED_PATH);
  });

  async function upload(parts: Part[]) {
    const form = multipart(parts);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/maps/${mapId}/upload-image`,
      headers: { ...bearer(owner.token), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBeLessThan(500);
    return res;
  }

  async function settings(): Promise<MapSettingsJson> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/maps/${mapId}`,
      headers: bearer(owner.token),
    });
    return (res.json() as { map: { settings: MapSettingsJson } }).map.settings;
  }

  /** A refusal: 400 (or the given status), the catalogue's error shape, the image unchanged. */
  async function expectRefused(parts: Part[], status = 400, message?: string | RegExp) {
    const images = await countRows(t.sql, 'images');
    const res = await upload(parts);
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json() as { success: boolean; status: string; message: string };
    expect(body).toMatchObject({ success: false, status: 'error' });
    if (typeof message === 'string') expect(body.message).toBe(message);
    else if (message) expect(body.message).toMatch(message);
    expect(body.message).not.toMatch(/\bat .*\.ts:\d+/); // no stack trace
    const now = await settings();
    expect(now.backgroundImage).toBe(original.backgroundImage);
    expect(now.imageSize).toEqual(original.imageSize);
    expect(await countRows(t.sql, 'images')).toBe(images);
    return body;
  }

  /** Accept, then restore the original image so the next attack starts from it. */
  async function acceptedThenServed(parts: Part[]) {
    const res = await upload(parts);
    expect(res.statusCode, res.body).toBe(200);
    const stored = (res.json() as { map: { settings: MapSettingsJson } }).map.settings;
    const served = await t.app.inject({ method: 'GET', url: stored.backgroundImage! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    const restore = await upload([{ data: pngImage(16, 10) }]);
    expect(restore.statusCode).toBe(200);
    original = await settings();
    return { stored, served };
  }

  it('refuses a polyglot: a valid PNG with HTML and a script appended', async () => {
    const polyglot = Buffer.concat([
      pngImage(4, 4),
      Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
    ]);
    await expectRefused([{ data: polyglot }]);
    // The same trick with the script in a well-formed chunk placed after IEND.
    const trailing = Buffer.concat([
      pngImage(4, 4),
      pngChunk('tEXt', Buffer.from('x\0<script>alert(1)</script>')),
    ]);
    await expectRefused([{ data: trailing }]);
  });

  it('serves an SVG with scripts, handlers, foreignObject and external references sanitised', async () => {
    const res = await upload([
      { data: Buffer.from(HOSTILE_SVG), filename: 'plan.svg', contentType: 'image/svg+xml' },
    ]);
    if (res.statusCode === 400) {
      // Rejecting it outright is also acceptable; then nothing may have changed.
      expect((await settings()).backgroundImage).toBe(original.backgroundImage);
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    const stored = (res.json() as { map: { settings: MapSettingsJson } }).map.settings;
    expect(stored.backgroundImage).toMatch(STORED_PATH);
    expect(stored.backgroundImage).toMatch(/\.svg$/);
    expect(stored.imageSize).toEqual({ width: 200, height: 100 });
    const served = await t.app.inject({ method: 'GET', url: stored.backgroundImage! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    const text = served.body.toLowerCase();
    for (const bad of [
      '<script',
      'alert',
      'onload',
      'onclick',
      'foreignobject',
      'iframe',
      'evil.example',
      'javascript:',
      '@import',
      '<style',
    ]) {
      expect(text, bad).not.toContain(bad);
    }
    // The drawing itself survives.
    expect(text).toContain('<rect');
    expect(text).toContain('<path');
    const restore = await upload([{ data: pngImage(16, 10) }]);
    expect(restore.statusCode).toBe(200);
    original = await settings();
  });

  it('stores a file named ../../etc/passwd.png under a server-generated name only', async () => {
    const etcPasswd = fs.statSync('/etc/passwd').mtimeMs;
    const { stored, served } = await acceptedThenServed([
      { data: pngImage(5, 7), filename: '../../etc/passwd.png' },
    ]);
    expect(stored.backgroundImage).toMatch(STORED_PATH);
    expect(stored.backgroundImage).not.toContain('passwd');
    expect(stored.imageSize).toEqual({ width: 5, height: 7 });
    expect(served.headers['content-type']).toBe('image/png');
    for (const dir of [process.cwd(), path.resolve('uploads'), path.resolve('data/uploads')]) {
      expect(fs.existsSync(path.resolve(dir, '../../etc/passwd.png')), dir).toBe(false);
    }
    expect(fs.existsSync('/etc/passwd.png')).toBe(false);
    expect(fs.statSync('/etc/passwd').mtimeMs).toBe(etcPasswd);
  });

  it('takes the type from the bytes, never from the declared type or name', async () => {
    const { stored, served } = await acceptedThenServed([
      { data: pngImage(3, 2), filename: 'x.html', contentType: 'text/html' },
    ]);
    expect(stored.backgroundImage).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(stored.imageSize).toEqual({ width: 3, height: 2 });
    expect(served.headers['content-type']).toBe('image/png');

    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    await expectRefused([{ data: html, filename: 'x.png', contentType: 'image/png' }]);
    await expectRefused([{ data: Buffer.from('just text'), filename: 'x.png' }]);
    await expectRefused([{ data: Buffer.alloc(0), filename: 'empty.png' }]);
  });

  it('answers 413 with its sentence one byte over 10 MB, and 400 (not 413) at 10 MB', async () => {
    expect(IMAGE_UPLOAD_MAX_BYTES).toBe(10_485_760);
    const over = Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1);
    PNG_SIGNATURE.copy(over);
    await expectRefused([{ data: over }], 413, TOO_LARGE);
    // At the limit the size is fine; these bytes are simply not an image.
    await expectRefused([{ data: Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES, 0x41) }], 400);
  });

  it('refuses a pixel flood (header claims 30000×30000 over a tiny IDAT)', async () => {
    const flood = pngImage(30_000, 30_000, { realData: false });
    expect(flood.length).toBeLessThan(1024);
    await expectRefused([{ data: flood }], 400, /too large/i);
    // Within the side limit but far over the pixel budget.
    await expectRefused(
      [{ data: pngImage(19_000, 19_000, { realData: false }) }],
      400,
      /too large/i,
    );
  });

  it('refuses an entity-bomb SVG', async () => {
    await expectRefused([
      { data: Buffer.from(ENTITY_BOMB), filename: 'bomb.svg', contentType: 'image/svg+xml' },
    ]);
    const external = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&x;</text></svg>`;
    await expectRefused([
      { data: Buffer.from(external), filename: 'xxe.svg', contentType: 'image/svg+xml' },
    ]);
  });

  it('reads the image only from the field named image', async () => {
    await expectRefused([{ field: 'file', data: pngImage(4, 4) }], 400);
    await expectRefused([{ field: 'images', data: pngImage(4, 4) }], 400);
    // Not multipart at all.
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/maps/${mapId}/upload-image`,
      headers: bearer(owner.token),
      payload: { image: 'iVBORw0KGgo=' },
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    // A second file after the image is ignored or refused, never a crash.
    const two = await upload([{ data: pngImage(6, 6) }, { field: 'image', data: pngImage(7, 7) }]);
    expect([200, 400, 413]).toContain(two.statusCode);
  });
});
