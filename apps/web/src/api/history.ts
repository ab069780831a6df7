/** History of a map: its kept positions and zone visits for a replay, and its CSV export. */
import {
  HISTORY_MAX_LIMIT,
  type HistoryExportQuery,
  type HistoryPositionsResponse,
  type HistoryStateResponse,
  type HistoryVisitsResponse,
} from '@rtls/contract';
import { apiDownload, apiRequest } from './http.ts';

/** The CSV of one export and the file name the server gives it. */
export function exportHistoryCsv(
  mapId: string,
  query: HistoryExportQuery,
): Promise<{ blob: Blob; filename: string }> {
  return apiDownload(`/maps/${encodeURIComponent(mapId)}/history/export`, `${query.kind}.csv`, {
    query: { ...query },
    error: 'exportHistory',
  });
}

/** A range [from, to) of epoch milliseconds. */
interface Range {
  from: number;
  to: number;
}

/**
 * Every page of a paged history call, following `next` until the server has no more; `onPage` sees
 * the pages so far after each one.
 */
async function allPages<T extends { next: string | null }>(
  path: string,
  range: Range,
  signal?: AbortSignal,
  onPage?: (pages: readonly T[]) => void,
): Promise<T[]> {
  const pages: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await apiRequest<T>(path, {
      query: {
        from: new Date(range.from).toISOString(),
        to: new Date(range.to).toISOString(),
        limit: HISTORY_MAX_LIMIT,
        cursor,
      },
      error: 'fetchHistory',
      signal,
    });
    pages.push(page);
    onPage?.(pages);
    cursor = page.next ?? undefined;
  } while (cursor);
  return pages;
}

/**
 * Every position kept on a map in the range, as the server pages them (per device, oldest first);
 * `onPage` sees the pages read so far.
 */
export const fetchHistoryPositions = (
  mapId: string,
  range: Range,
  signal?: AbortSignal,
  onPage?: (pages: readonly HistoryPositionsResponse[]) => void,
) =>
  allPages<HistoryPositionsResponse>(
    `/maps/${encodeURIComponent(mapId)}/history/positions`,
    range,
    signal,
    onPage,
  );

/** Every device on the map at a moment: its last kept position at most the lookback before it. */
export const fetchHistoryState = async (mapId: string, at: number, signal?: AbortSignal) =>
  (
    await apiRequest<HistoryStateResponse>(`/maps/${encodeURIComponent(mapId)}/history/state`, {
      query: { at: new Date(at).toISOString() },
      error: 'fetchHistory',
      signal,
    })
  ).devices;

/** Whether the map kept any position in the range (one point asked for, not the range's all). */
export const fetchHistoryKept = async (mapId: string, range: Range, signal?: AbortSignal) =>
  (
    await apiRequest<HistoryPositionsResponse>(
      `/maps/${encodeURIComponent(mapId)}/history/positions`,
      {
        query: {
          from: new Date(range.from).toISOString(),
          to: new Date(range.to).toISOString(),
          limit: 1,
        },
        error: 'fetchHistory',
        signal,
      },
    )
  ).devices.some((d) => d.points.length > 0);

/** Every zone visit overlapping the range. */
export const fetchHistoryVisits = async (mapId: string, range: Range, signal?: AbortSignal) =>
  (
    await allPages<HistoryVisitsResponse>(
      `/maps/${encodeURIComponent(mapId)}/history/visits`,
      range,
      signal,
    )
  ).flatMap((p) => p.visits);
