import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import { makeMap } from '../test/fixtures.ts';
import { fakeXhr } from './fake-xhr.ts';
import { ApiError } from './http.ts';
import {
  createMap,
  deleteMap,
  duplicateMap,
  fetchPublicMaps,
  removeMapImage,
  saveMapPreset,
  updateMap,
  uploadMapImage,
} from './maps.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as ApiError,
  );

describe('fetchPublicMaps', () => {
  it('asks for a page with limit 20 and skip 0 by default', async () => {
    const { calls } = mockFetch({
      'GET /api/maps/public': jsonResponse({ success: true, maps: [makeMap()] }),
    });
    expect(await fetchPublicMaps()).toHaveLength(1);
    await fetchPublicMaps(5, 10);
    expect(calls.map((c) => c.url)).toEqual([
      '/api/maps/public?limit=20&skip=0',
      '/api/maps/public?limit=5&skip=10',
    ]);
  });

  it("fails with 'Failed to fetch public maps'", async () => {
    mockFetch({});
    expect((await failure(fetchPublicMaps())).message).toBe('Failed to fetch public maps');
  });
});

describe('map writes', () => {
  it('creates with POST /maps and returns the new map', async () => {
    const { calls } = mockFetch({
      'POST /api/maps': jsonResponse({ success: true, map: makeMap({ _id: 'new' }) }, 201),
    });
    const m = await createMap({ name: 'Lobby' });
    expect(m._id).toBe('new');
    expect(calls[0]!.body).toEqual({ name: 'Lobby' });
  });

  it('updates with PUT, deletes with DELETE, duplicates with POST …/duplicate', async () => {
    const { calls } = mockFetch({
      'PUT /api/maps/m%201': jsonResponse({ success: true, map: makeMap({ name: 'B' }) }),
      'DELETE /api/maps/m%201': jsonResponse({ success: true }),
      'POST /api/maps/m%201/duplicate': jsonResponse(
        { success: true, map: makeMap({ _id: 'copy' }) },
        201,
      ),
    });
    expect((await updateMap('m 1', { name: 'B' })).name).toBe('B');
    await deleteMap('m 1');
    expect((await duplicateMap('m 1'))._id).toBe('copy');
    expect(calls.map((c) => c.method)).toEqual(['PUT', 'DELETE', 'POST']);
  });

  it('saves a preset with PATCH …/preset and returns savedView', async () => {
    const view = { center: { x: 10, y: 20 }, zoom: 1.5 };
    const { calls } = mockFetch({
      'PATCH /api/maps/m1/preset': jsonResponse({ success: true, savedView: view }),
    });
    expect(await saveMapPreset('m1', view)).toEqual(view);
    expect(calls[0]!.body).toEqual(view);
  });

  it('removes the image with DELETE …/image', async () => {
    mockFetch({ 'DELETE /api/maps/m1/image': jsonResponse({ success: true, map: makeMap() }) });
    expect((await removeMapImage('m1'))._id).toBe('map-1');
  });

  it.each([
    ['createMap', () => createMap({ name: 'x' }), 'Failed to create map'],
    ['updateMap', () => updateMap('m1', { name: 'x' }), 'Failed to update map'],
    ['deleteMap', () => deleteMap('m1'), 'Failed to delete map'],
    ['duplicateMap', () => duplicateMap('m1'), 'Failed to duplicate map'],
    [
      'saveMapPreset',
      () => saveMapPreset('m1', { center: { x: 0, y: 0 }, zoom: 1 }),
      'Failed to save map preset',
    ],
    ['removeMapImage', () => removeMapImage('m1'), 'Failed to remove image'],
  ])("%s fails with the call's message", async (_name, call, message) => {
    mockFetch({});
    const err = await failure(call());
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe(message);
    expect(err.status).toBe(404);
  });
});

describe('uploadMapImage', () => {
  const file = new File(['png'], 'plan.png', { type: 'image/png' });

  it('posts the field image with the bearer token and reports progress', async () => {
    localStorage.setItem('token', 'tok');
    const uploads = fakeXhr(() => ({
      status: 200,
      body: { success: true, map: makeMap({ _id: 'm1', settings: { backgroundImage: '/x' } }) },
      progress: [25, 100],
    }));
    const progress: number[] = [];
    const map = await uploadMapImage('m1', file, (f) => progress.push(f));
    expect(map.settings.backgroundImage).toBe('/x');
    expect(uploads[0]!.method).toBe('POST');
    expect(uploads[0]!.url).toBe('/api/maps/m1/upload-image');
    expect(uploads[0]!.headers.authorization).toBe('Bearer tok');
    expect((uploads[0]!.body.get('image') as File).name).toBe('plan.png');
    expect(progress).toEqual([0.25, 1, 1]);
  });

  it("fails with 'Failed to upload image' and the server's reason", async () => {
    fakeXhr(() => ({ status: 413, body: { message: 'Image file is too large (max 10MB)' } }));
    const err = await failure(uploadMapImage('m1', file));
    expect(err.message).toBe('Failed to upload image');
    expect(err.status).toBe(413);
    expect(err.detail).toBe('Image file is too large (max 10MB)');
  });

  it('fails on a network error', async () => {
    fakeXhr(() => ({ status: 0, body: null }));
    const err = await failure(uploadMapImage('m1', file));
    expect(err.message).toBe('Failed to upload image');
    expect(err.status).toBe(0);
  });
});
