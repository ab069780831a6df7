/**
 * Walk, calibrate, prove over the API: a simulated 20-point walk in the demo building is tapped,
 * interrupted and resumed, finished, calibrated with held-out before/after, applied (the map's
 * frames then carry the fitted models) and undone, and reported on as JSON and CSV; roles and bad
 * input are refused with their reasons, nothing applied.
 */
import { randomUUID } from 'node:crypto';
import {
  calibrationVerdict,
  WALK_ERRORS,
  type Calibration,
  type CalibrationResponse,
  type MapRadioCalibrationResponse,
  type WalkReportResponse,
  type WalkReportsResponse,
  type WalkResponse,
} from '@rtls/contract';
import type { Anchor } from '@rtls/positioning';
import { expect, it } from 'vitest';
import { loadMapFrame, loadOwnerFrames } from '../src/modules/positions/frames.ts';
import { demoDevice } from '../src/simulator/building.ts';
import { gatewayLayout } from '../src/simulator/simulator.ts';
import { firstMapOf, postReports } from './demo-reports.ts';
import {
  caller,
  createIngestKey,
  createSignedInUser,
  describeEachDb,
  seedAccount,
  type SignedIn,
} from './helpers.ts';
import { simulateWalk, type WalkTap } from './walk-sim.ts';

const GATEWAYS = 12;
const TAG = demoDevice(0).mac;

describeEachDb('walks', (t) => {
  const users = {} as Record<'owner' | 'editor' | 'viewer' | 'stranger', SignedIn>;
  let mapId = '';
  let taps: WalkTap[] = [];
  const as = (who: keyof typeof users) => caller(t.app, users[who].token);

  t.setup(async () => {
    users.owner = await seedAccount(t.built, { gateways: GATEWAYS });
    for (const role of ['editor', 'viewer', 'stranger'] as const)
      users[role] = await createSignedInUser(t.built, role);
    mapId = await firstMapOf(t.sql, users.owner.id);
    await t.built.repos.maps.setCollaborator(mapId, users.editor.id, 'editor');
    await t.built.repos.maps.setCollaborator(mapId, users.viewer.id, 'viewer');
    const key = await createIngestKey(t.built, users.owner.id);
    const walk = simulateWalk({
      device: TAG,
      gateways: gatewayLayout(GATEWAYS),
      startMs: Date.now() - 30 * 60_000,
    });
    taps = walk.taps;
    for (let i = 0; i < walk.reports.length; i += 1000)
      expect((await postReports(t.app, key, walk.reports.slice(i, i + 1000))).statusCode).toBe(200);
  });

  async function startWalk(who: keyof typeof users = 'editor', device = TAG) {
    const res = await as(who)('POST', `/api/maps/${mapId}/walks`, { deviceMac: device });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as WalkResponse).walk;
  }
  const addPoint = (walkId: string, tap: object) =>
    as('editor')('POST', `/api/walks/${walkId}/points`, tap);
  /** A finished walk with all twenty taps. */
  async function walked() {
    const walk = await startWalk();
    for (const tap of taps) expect((await addPoint(walk.id, tap)).statusCode).toBe(201);
    expect((await as('editor')('POST', `/api/walks/${walk.id}/finish`)).statusCode).toBe(200);
    return walk.id;
  }
  async function calibrate(walkId: string): Promise<Calibration> {
    const res = await as('editor')('POST', `/api/walks/${walkId}/calibrations`);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as CalibrationResponse).calibration;
  }
  /** The map's anchors with a walk-fitted model, as the live locator's frames have them. */
  async function radioOnFrame() {
    const repo = t.built.positions.repo;
    const live = (await loadOwnerFrames(repo, users.owner.id)).maps.get(mapId)!.frame;
    const one = (await loadMapFrame(repo, mapId))!.frame;
    const byId = (anchors: Anchor[]) => [...anchors].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(one.anchors)).toEqual(byId(live.anchors));
    return live.anchors.filter((a) => a.radio);
  }

  it('resumes an interrupted walk, redoes and removes points, and finishes it', async () => {
    const walk = await startWalk();
    for (const tap of taps.slice(0, 10))
      expect((await addPoint(walk.id, tap)).statusCode).toBe(201);
    // The phone went to sleep: the walk is read back and carried on.
    const resumed = ((await as('editor')('GET', `/api/walks/${walk.id}`)).json() as WalkResponse)
      .walk;
    expect(resumed.points).toHaveLength(10);
    expect(resumed.status).toBe('open');
    const wrong = { ...taps[9]!, x: taps[9]!.x + 200 };
    const last = resumed.points[9]!;
    const redo = await as('editor')('PUT', `/api/walks/${walk.id}/points/${last.id}`, wrong);
    expect((redo.json() as WalkResponse).walk.points[9]).toMatchObject({ id: last.id, x: wrong.x });
    await as('editor')('PUT', `/api/walks/${walk.id}/points/${last.id}`, taps[9]);
    for (const tap of taps.slice(10)) expect((await addPoint(walk.id, tap)).statusCode).toBe(201);
    const end = Date.parse(taps[19]!.to);
    const extra = {
      ...taps[19]!,
      from: new Date(end + 1000).toISOString(),
      to: new Date(end + 6000).toISOString(),
    };
    const added = ((await addPoint(walk.id, extra)).json() as WalkResponse).walk;
    const removed = await as('editor')(
      'DELETE',
      `/api/walks/${walk.id}/points/${added.points.at(-1)!.id}`,
    );
    expect((removed.json() as WalkResponse).walk.points).toHaveLength(20);
    const done = await as('editor')('POST', `/api/walks/${walk.id}/finish`);
    expect((done.json() as WalkResponse).walk).toMatchObject({ status: 'finished' });
    expect((await addPoint(walk.id, extra)).json()).toMatchObject({
      message: WALK_ERRORS.finished.en,
    });
  });

  it('calibrates from the walk with an honest held-out verdict, applies it and undoes it', async () => {
    const c = await calibrate(await walked());
    expect(c.points).toBe(20);
    expect(c.before.count).toBe(20);
    expect(c.after.count).toBe(20);
    expect(c.gateways.length).toBeGreaterThanOrEqual(8);
    expect(c.verdict).toEqual(calibrationVerdict(c.before, c.after));
    // The points are located through the demo map's walls (without them this walk's held-out p90
    // is 11.6 m), and the fit counts each wall once: what it learns is the simulated gateways'
    // few dB off their setting, which locates the held-out points better still.
    expect(c.before.p90M!).toBeLessThan(6);
    expect(c.after.p90M!).toBeLessThan(c.before.p90M!);
    expect(c.verdict.applicable).toBe(true);

    expect(await radioOnFrame()).toHaveLength(0);
    const applied = await as('editor')('POST', `/api/calibrations/${c.id}/apply`);
    expect(applied.statusCode, applied.body).toBe(200);
    const inForce = (applied.json() as MapRadioCalibrationResponse).radioCalibration;
    expect(inForce).toMatchObject({ calibrationId: c.id, canUndo: true });
    const onFrame = await radioOnFrame();
    expect(onFrame).toHaveLength(c.gateways.length);
    const g = c.gateways[0]!;
    expect(onFrame.find((a) => a.id === g.mac)!.radio).toEqual({
      rssiAt1m: g.rssiAt1m,
      exponent: g.exponent,
    });
    const read = await as('editor')('GET', `/api/calibrations/${c.id}`);
    expect((read.json() as CalibrationResponse).calibration.appliedAt).toBe(inForce.appliedAt);

    const undone = await as('owner')('POST', `/api/maps/${mapId}/radio-calibration/undo`);
    expect((undone.json() as MapRadioCalibrationResponse).radioCalibration).toMatchObject({
      calibrationId: null,
      gateways: [],
      canUndo: false,
    });
    expect(await radioOnFrame()).toHaveLength(0);
    const again = await as('owner')('POST', `/api/maps/${mapId}/radio-calibration/undo`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: WALK_ERRORS.nothingToUndo.en });
  });

  it('reports a walk’s accuracy, kept with its date for the trend, and exports it as CSV', async () => {
    const walkId = await walked();
    const res = await as('editor')('POST', `/api/walks/${walkId}/reports`);
    expect(res.statusCode, res.body).toBe(201);
    const report = (res.json() as WalkReportResponse).report;
    expect(report.points).toHaveLength(20);
    expect(report.points.every((p) => p.heard.length > 0)).toBe(true);
    const errors = report.points.map((p) => p.errorM!).sort((a, b) => a - b);
    expect(report.summary.medianM).toBeCloseTo((errors[9]! + errors[10]!) / 2, 9);
    expect(report.worst[0]).toBe(report.points.find((p) => p.errorM === errors[19])!.pointId);

    const viewer = as('viewer');
    const got = await viewer('GET', `/api/walk-reports/${report.id}`);
    expect((got.json() as WalkReportResponse).report).toEqual(report);
    const list = (
      (await viewer('GET', `/api/maps/${mapId}/walk-reports`)).json() as WalkReportsResponse
    ).reports;
    expect(list.at(-1)).toMatchObject({ id: report.id, createdAt: report.createdAt });
    expect(list.at(-1)!.summary).toEqual(report.summary);
    const csv = await viewer('GET', `/api/walk-reports/${report.id}/csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n').filter((l) => /^[0-9a-f-]{36},/.test(l))).toHaveLength(20);
  });

  it('lets owners and editors walk and calibrate, viewers only read reports', async () => {
    const walkId = await walked();
    const c = await calibrate(walkId);
    const viewer = as('viewer');
    expect((await viewer('POST', `/api/maps/${mapId}/walks`, { deviceMac: TAG })).statusCode).toBe(
      403,
    );
    expect((await viewer('GET', `/api/walks/${walkId}`)).statusCode).toBe(403);
    expect((await viewer('POST', `/api/walks/${walkId}/calibrations`)).statusCode).toBe(403);
    expect((await viewer('POST', `/api/calibrations/${c.id}/apply`)).statusCode).toBe(403);
    expect((await viewer('POST', `/api/maps/${mapId}/radio-calibration/undo`)).statusCode).toBe(
      403,
    );
    expect((await viewer('GET', `/api/maps/${mapId}/radio-calibration`)).statusCode).toBe(200);
    expect((await viewer('GET', `/api/maps/${mapId}/walk-reports`)).statusCode).toBe(200);
    const stranger = as('stranger');
    expect((await stranger('GET', `/api/walks/${walkId}`)).statusCode).toBe(404);
    expect((await stranger('GET', `/api/calibrations/${c.id}`)).statusCode).toBe(404);
    expect((await stranger('GET', `/api/maps/${mapId}/walk-reports`)).statusCode).toBe(404);
    expect((await as('owner')('GET', `/api/walks/${walkId}`)).statusCode).toBe(200);
  });

  it('refuses bad points with the reason', async () => {
    const walk = await startWalk();
    const refused = async (tap: object, status: number, message: string) => {
      const res = await addPoint(walk.id, tap);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ message });
    };
    const tap = taps[0]!;
    await refused({ ...tap, x: 60 * 20 + 1 }, 400, WALK_ERRORS.offPlan.en);
    await refused({ ...tap, y: -5 }, 400, WALK_ERRORS.offPlan.en);
    await refused({ ...tap, to: tap.from }, 400, WALK_ERRORS.badWindow.en);
    expect((await addPoint(walk.id, tap)).statusCode).toBe(201);
    // Two taps at once: a second point whose window overlaps the first.
    await refused({ ...taps[1]!, from: tap.from }, 409, WALK_ERRORS.overlaps.en);
    expect((await addPoint(walk.id, { ...tap, from: 'yesterday' })).statusCode).toBe(400);
    const finish = await as('editor')('POST', `/api/walks/${walk.id}/finish`);
    expect(finish.statusCode).toBe(400);
    expect(finish.json()).toMatchObject({ message: WALK_ERRORS.tooFewPoints.en });
    const early = await as('editor')('POST', `/api/walks/${walk.id}/calibrations`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: WALK_ERRORS.notFinished.en });
    // A gateway of the owner's at its own spot serves as a reference point; a stranger's does not.
    const gateway = gatewayLayout(GATEWAYS)[3]!;
    const reference = { ...taps[2]!, x: gateway.x * 20, y: gateway.y * 20 };
    const ok = await addPoint(walk.id, { ...reference, deviceMac: gateway.mac });
    expect((ok.json() as WalkResponse).walk.points.at(-1)!.deviceMac).toBe(gateway.mac);
    await refused(
      { ...taps[3]!, deviceMac: 'AA:BB:CC:DD:EE:FF' },
      400,
      WALK_ERRORS.deviceUnknown.en,
    );
    const unknown = await as('editor')('POST', `/api/maps/${mapId}/walks`, {
      deviceMac: 'AA:BB:CC:DD:EE:FF',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: WALK_ERRORS.deviceUnknown.en });
  });

  it('cuts a drawn path walked at a steady pace into points along it', async () => {
    const walk = await startWalk();
    const from = Date.parse(taps[0]!.from);
    const path = [
      { x: 80, y: 400 },
      { x: 280, y: 400 },
      { x: 280, y: 200 },
    ];
    // 400 px in 12 s: four points of 3 s, in the middle of each: 50, 150, 250 px along the path…
    const body = {
      path,
      from: new Date(from).toISOString(),
      to: new Date(from + 12_000).toISOString(),
    };
    const res = await as('editor')('POST', `/api/walks/${walk.id}/path`, body);
    expect(res.statusCode, res.body).toBe(201);
    const points = (res.json() as WalkResponse).walk.points;
    expect(points.map((p) => [p.x, p.y])).toEqual([
      [130, 400],
      [230, 400],
      [280, 350],
      [280, 250],
    ]);
    expect(points[1]).toMatchObject({
      from: new Date(from + 3000).toISOString(),
      to: new Date(from + 6000).toISOString(),
    });
    // …and a path over them, or off the plan, is refused whole.
    const again = await as('editor')('POST', `/api/walks/${walk.id}/path`, body);
    expect(again.statusCode).toBe(409);
    const off = {
      ...body,
      path: [...path, { x: 5000, y: 0 }],
      from: taps[5]!.from,
      to: taps[5]!.to,
    };
    expect((await as('editor')('POST', `/api/walks/${walk.id}/path`, off)).json()).toMatchObject({
      message: WALK_ERRORS.offPlan.en,
    });
    expect(
      ((await as('editor')('GET', `/api/walks/${walk.id}`)).json() as WalkResponse).walk.points,
    ).toHaveLength(4);
  });

  it('keeps one of two overlapping taps sent at once', async () => {
    const walk = await startWalk();
    const late = { ...taps[0]!, from: new Date(Date.parse(taps[0]!.from) + 1000).toISOString() };
    const answers = await Promise.all([addPoint(walk.id, taps[0]!), addPoint(walk.id, late)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const points = ((await as('editor')('GET', `/api/walks/${walk.id}`)).json() as WalkResponse)
      .walk.points;
    expect(points).toHaveLength(1);
  });

  it('refuses to calibrate a walk its tag was not heard on', async () => {
    const walk = await startWalk('editor', demoDevice(1).mac);
    for (const tap of taps.slice(0, 8)) expect((await addPoint(walk.id, tap)).statusCode).toBe(201);
    await as('editor')('POST', `/api/walks/${walk.id}/finish`);
    for (const path of ['calibrations', 'reports']) {
      const res = await as('editor')('POST', `/api/walks/${walk.id}/${path}`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ message: WALK_ERRORS.notHeard.en });
    }
  });

  it('does not apply a calibration that would make things worse', async () => {
    const c = await calibrate(await walked());
    // The same fit judged worse on its held-out points, as a walk in a changed building could be.
    const after = { ...c.before, p90M: c.before.p90M! * 1.2 };
    const worse = { ...c, id: randomUUID(), after, verdict: calibrationVerdict(c.before, after) };
    expect(worse.verdict).toMatchObject({ applicable: false, reason: 'worse' });
    await t.sql.query(
      `insert into walk_calibrations (id, walk_id, map_id, result) values ($1, $2, $3, $4::jsonb)`,
      [worse.id, worse.walkId, worse.mapId, JSON.stringify(worse)],
    );
    const res = await as('owner')('POST', `/api/calibrations/${worse.id}/apply`);
    expect(res.statusCode).toBe(409);
    expect((res.json() as { message: string }).message).toContain(WALK_ERRORS.notApplicable.en);
    const now = await as('owner')('GET', `/api/maps/${mapId}/radio-calibration`);
    expect((now.json() as MapRadioCalibrationResponse).radioCalibration.calibrationId).toBeNull();
    expect(await radioOnFrame()).toHaveLength(0);
  });
});
