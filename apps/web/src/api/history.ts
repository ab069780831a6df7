/** History of a map: its CSV export, downloaded with the session's token. */
import { API_ERRORS, type HistoryExportQuery } from '@rtls/contract';
import { API_BASE, ApiError } from './http.ts';
import { getToken } from './token.ts';

/** The CSV of one export and the file name the server gives it. */
export async function exportHistoryCsv(
  mapId: string,
  query: HistoryExportQuery,
): Promise<{ blob: Blob; filename: string }> {
  const qs = new URLSearchParams(
    Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  );
  const token = getToken();
  const message = API_ERRORS.exportHistory;
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/maps/${encodeURIComponent(mapId)}/history/export?${qs}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch (err) {
    throw new ApiError(message, 0, (err as Error).message);
  }
  if (!res.ok) {
    const detail = await res
      .json()
      .then((b: { message?: string }) => b.message)
      .catch(() => undefined);
    throw new ApiError(message, res.status, detail);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${query.kind}.csv`;
  return { blob: await res.blob(), filename };
}
