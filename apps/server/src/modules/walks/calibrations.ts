/**
 * Calibrate and prove from a finished walk. A calibration fits the gateways' offsets and the map's
 * exponent to the walk's points and judges the fit on points held out of it (the verdict of
 * calibrationVerdict); applying one stores its models as the map's calibration in force, which the
 * positions' frames read (the site's self-calibration then learns on top of it), and undoing it
 * brings back the one before. A report locates every point with the map's model in force and is
 * kept with its date. Owners and editors calibrate, apply and report; viewers read reports.
 */
import { randomUUID } from 'node:crypto';
import {
  calibrationVerdict,
  WALK_ERRORS,
  WALK_LIMITS,
  type Calibration,
  type GatewayCalibration,
  type MapRadioCalibration,
  type WalkReport,
  type WalkReportSummary,
} from '@rtls/contract';
import { crossValidateWalk, fitWalkModels, summariseErrors, walkFolds } from '@rtls/positioning';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.ts';
import { assertCan } from '../maps/access.ts';
import type { MapRadioModels } from '../positions/repository.ts';
import { accuracyReport, pointEvidence, reportCsv, type PointEvidence } from './accuracy.ts';
import type { AppliedRow, TagReading } from './repository.ts';
import { walkAccess, type WalkDeps } from './service.ts';

const say = (key: keyof typeof WALK_ERRORS) => WALK_ERRORS[key].en;
const iso = (t: Date | string) => new Date(t).toISOString();
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export function calibrationsService(deps: WalkDeps) {
  const { repo } = deps;
  const newId = deps.newId ?? randomUUID;
  const now = deps.now ?? (() => new Date());
  const access = walkAccess(deps);

  /** A finished walk's points with their readings, and the map's frame; 4xx when unusable. */
  async function evidenceOf(userId: string, walkId: string) {
    const { walk, map } = await access.walkFor(userId, walkId, 'edit');
    if (walk.status !== 'finished') throw conflict(say('notFinished'));
    const located = await deps.frameOf(walk.mapId);
    if (!located) throw badRequest(say('noGateways'));
    const points = await repo.points(walkId);
    const from = Math.min(...points.map((p) => p.fromMs));
    const to = Math.max(...points.map((p) => p.toMs));
    const readings = new Map<string | null, TagReading[]>();
    for (const device of new Set(points.map((p) => p.device)))
      readings.set(device, await repo.readings(map.owner_id, device ?? walk.deviceMac, from, to));
    const evidence = pointEvidence(points, readings, located.frame);
    const heard = evidence.filter((e) => e.heard.length > 0);
    if (heard.length < WALK_LIMITS.minPoints) throw new HttpError(422, say('notHeard'));
    return { walk, located, evidence, heard };
  }

  const gatewaysOf = (fit: ReturnType<typeof fitWalkModels>): GatewayCalibration[] =>
    [...fit.gateways].map(([mac, g]) => ({
      mac,
      offsetDb: g.offsetDb,
      rssiAt1m: g.radio.rssiAt1m,
      exponent: g.radio.exponent,
      points: g.points,
    }));

  async function inForce(mapId: string): Promise<MapRadioCalibration> {
    const applied = await repo.applied(mapId);
    const top: AppliedRow | undefined = applied[0];
    const models: MapRadioModels = top ? json(top.gateways) : {};
    const calibration = top?.calibration_id ? await repo.calibration(top.calibration_id) : null;
    const byMac = new Map(calibration?.gateways.map((g) => [g.mac, g]));
    return {
      mapId,
      calibrationId: top?.calibration_id ?? null,
      appliedAt: top ? iso(top.applied_at) : null,
      gateways: Object.entries(models).map(([mac, m]) => ({
        mac,
        offsetDb: byMac.get(mac)?.offsetDb ?? 0,
        rssiAt1m: m.rssiAt1m,
        exponent: m.exponent,
        points: byMac.get(mac)?.points ?? 0,
      })),
      canUndo: top !== undefined,
    };
  }

  /** The calibration with when it was applied, if it is in force. */
  async function withApplied(c: Calibration): Promise<Calibration> {
    const top = (await repo.applied(c.mapId))[0];
    return { ...c, appliedAt: top?.calibration_id === c.id ? iso(top.applied_at) : null };
  }

  async function calibrationFor(userId: string, id: string) {
    const c = await repo.calibration(id);
    if (!c) throw notFound('Calibration');
    const map = await deps.maps.visible(userId, c.mapId);
    if (!map) throw notFound('Calibration');
    assertCan(map, 'edit');
    return c;
  }

  async function reportFor(userId: string, id: string): Promise<WalkReport> {
    const r = await repo.report(id);
    if (!r) throw notFound('Report');
    await access.mapFor(userId, r.mapId, 'read').catch(() => {
      throw notFound('Report');
    });
    return r;
  }

  return {
    /** Fit from a finished walk; before/after on points held out of each fold's fit. */
    async calibrate(userId: string, walkId: string): Promise<Calibration> {
      const { walk, located, heard } = await evidenceOf(userId, walkId);
      const samples = heard.map((e: PointEvidence) => e.sample);
      const anchors = located.frame.anchors;
      const site = { settings: located.settings, floor: located.frame.floor };
      const held = crossValidateWalk(samples, anchors, site);
      const fit = fitWalkModels(samples, anchors, site);
      const before = summariseErrors(held.before);
      const after = summariseErrors(held.after);
      const c: Calibration = {
        id: newId(),
        walkId,
        mapId: walk.mapId,
        createdAt: now().toISOString(),
        points: samples.length,
        folds: walkFolds(samples.length),
        exponent: fit.exponent,
        gateways: gatewaysOf(fit),
        before,
        after,
        verdict: calibrationVerdict(before, after),
        appliedAt: null,
      };
      await repo.insertCalibration(c);
      return c;
    },
    async get(userId: string, id: string): Promise<Calibration> {
      return withApplied(await calibrationFor(userId, id));
    },
    /** Make the calibration the map's model; refused (nothing applied) when it is not better. */
    async apply(userId: string, id: string): Promise<MapRadioCalibration> {
      const c = await calibrationFor(userId, id);
      if (!c.verdict.applicable) throw conflict(`${say('notApplicable')}: ${c.verdict.message}`);
      const models: MapRadioModels = {};
      for (const g of c.gateways) models[g.mac] = { rssiAt1m: g.rssiAt1m, exponent: g.exponent };
      await repo.apply(c.mapId, c.id, models);
      deps.onRadioChanged(c.mapId);
      return inForce(c.mapId);
    },
    async radioCalibration(userId: string, mapId: string): Promise<MapRadioCalibration> {
      await access.mapFor(userId, mapId, 'read');
      return inForce(mapId);
    },
    /** Back to the calibration applied before the one in force (or to none). */
    async undo(userId: string, mapId: string): Promise<MapRadioCalibration> {
      await access.mapFor(userId, mapId, 'edit');
      const top = (await repo.applied(mapId))[0];
      if (!top) throw conflict(say('nothingToUndo'));
      await repo.undo(top.id);
      deps.onRadioChanged(mapId);
      return inForce(mapId);
    },
    /** An accuracy report of a finished walk with the map's model in force, kept. */
    async report(userId: string, walkId: string): Promise<WalkReport> {
      const { walk, located, evidence } = await evidenceOf(userId, walkId);
      const [zones, top] = await Promise.all([
        deps.zonesOf(walk.mapId),
        repo.applied(walk.mapId).then((a) => a[0]),
      ]);
      const header = {
        id: newId(),
        walkId,
        mapId: walk.mapId,
        deviceMac: walk.deviceMac,
        createdAt: now().toISOString(),
        calibrationId: top?.calibration_id ?? null,
      };
      const { frame, settings } = located;
      const report = accuracyReport(header, evidence, frame.anchors, frame, zones, settings);
      await repo.insertReport(report);
      return report;
    },
    getReport: reportFor,
    async reportCsv(userId: string, id: string): Promise<string> {
      const r = await reportFor(userId, id);
      const zones = new Map(r.zones.map((z) => [z.zoneId, z.name]));
      return reportCsv(r, zones);
    },
    async reports(userId: string, mapId: string): Promise<WalkReportSummary[]> {
      await access.mapFor(userId, mapId, 'read');
      return repo.reportsOfMap(mapId);
    },
  };
}
export type CalibrationsService = ReturnType<typeof calibrationsService>;
