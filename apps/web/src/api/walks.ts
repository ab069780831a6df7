/**
 * Walk, calibrate, prove: the walk test of a map, the radio calibration fitted from it and the
 * accuracy reports (packages/contract/src/api-walks.ts). A refusal carries the server's sentence
 * (WALK_ERRORS) as the ApiError's detail.
 */
import {
  type Calibration,
  type CalibrationResponse,
  type MapRadioCalibration,
  type MapRadioCalibrationResponse,
  type Walk,
  type WalkPointBody,
  type WalkReport,
  type WalkReportResponse,
  type WalkReportSummary,
  type WalkReportsResponse,
  type WalkResponse,
} from '@rtls/contract';
import { apiDownload, apiRequest } from './http.ts';

const key = (id: string) => encodeURIComponent(id);
const walkPath = (walkId: string) => `/walks/${key(walkId)}`;

/** The map's walks, newest first (owners and editors). */
export const fetchWalks = async (mapId: string): Promise<Walk[]> =>
  (await apiRequest<{ walks: Walk[] }>(`/maps/${key(mapId)}/walks`)).walks;

/** Start a walk carrying the tag `deviceMac`. */
export const startWalk = async (mapId: string, deviceMac: string): Promise<Walk> =>
  (
    await apiRequest<WalkResponse>(`/maps/${key(mapId)}/walks`, {
      method: 'POST',
      body: { deviceMac },
    })
  ).walk;

/** A walk and its points: what an interrupted walk is resumed from. */
export const fetchWalk = async (walkId: string): Promise<Walk> =>
  (await apiRequest<WalkResponse>(walkPath(walkId))).walk;

/** Add a point: where the tag stood (plan pixels) and when. */
export const addWalkPoint = async (walkId: string, point: WalkPointBody): Promise<Walk> =>
  (await apiRequest<WalkResponse>(`${walkPath(walkId)}/points`, { method: 'POST', body: point }))
    .walk;

/** Redo a point of an open walk. */
export const replaceWalkPoint = async (
  walkId: string,
  pointId: string,
  point: WalkPointBody,
): Promise<Walk> =>
  (
    await apiRequest<WalkResponse>(`${walkPath(walkId)}/points/${key(pointId)}`, {
      method: 'PUT',
      body: point,
    })
  ).walk;

/** Remove a point of an open walk. */
export const removeWalkPoint = async (walkId: string, pointId: string): Promise<Walk> =>
  (
    await apiRequest<WalkResponse>(`${walkPath(walkId)}/points/${key(pointId)}`, {
      method: 'DELETE',
    })
  ).walk;

/** Close a walk (it needs WALK_LIMITS.minPoints points). */
export const finishWalk = async (walkId: string): Promise<Walk> =>
  (await apiRequest<WalkResponse>(`${walkPath(walkId)}/finish`, { method: 'POST' })).walk;

/** Fit the map's radio model to a finished walk, with held-out before/after and a verdict. */
export const calibrateWalk = async (walkId: string): Promise<Calibration> =>
  (await apiRequest<CalibrationResponse>(`${walkPath(walkId)}/calibrations`, { method: 'POST' }))
    .calibration;

/** Locate the map with this calibration (refused when its verdict says no). */
export const applyCalibration = async (calibrationId: string): Promise<MapRadioCalibration> =>
  (
    await apiRequest<MapRadioCalibrationResponse>(`/calibrations/${key(calibrationId)}/apply`, {
      method: 'POST',
    })
  ).radioCalibration;

/** The calibration the map is located with now. */
export const fetchRadioCalibration = async (mapId: string): Promise<MapRadioCalibration> =>
  (await apiRequest<MapRadioCalibrationResponse>(`/maps/${key(mapId)}/radio-calibration`))
    .radioCalibration;

/** Go back to the calibration applied before the one in force (or to none). */
export const undoRadioCalibration = async (mapId: string): Promise<MapRadioCalibration> =>
  (
    await apiRequest<MapRadioCalibrationResponse>(`/maps/${key(mapId)}/radio-calibration/undo`, {
      method: 'POST',
    })
  ).radioCalibration;

/** Locate every point of a finished walk with the map's model in force; the report is kept. */
export const createWalkReport = async (walkId: string): Promise<WalkReport> =>
  (await apiRequest<WalkReportResponse>(`${walkPath(walkId)}/reports`, { method: 'POST' })).report;

/** One accuracy report. */
export const fetchWalkReport = async (reportId: string): Promise<WalkReport> =>
  (await apiRequest<WalkReportResponse>(`/walk-reports/${key(reportId)}`)).report;

/** The map's accuracy reports, oldest first. */
export const fetchWalkReports = async (mapId: string): Promise<WalkReportSummary[]> =>
  (await apiRequest<WalkReportsResponse>(`/maps/${key(mapId)}/walk-reports`)).reports;

/** A report's CSV (a row per point, then the walk's and each zone's figures) and its file name. */
export const downloadWalkReportCsv = (reportId: string) =>
  apiDownload(`/walk-reports/${key(reportId)}/csv`, `walk-report-${reportId}.csv`);
