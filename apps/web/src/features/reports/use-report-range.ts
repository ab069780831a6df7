/** The range a report or the heatmap is asked for: local From and To inputs, checked before asking. */
import { useState } from 'react';
import type { ReportRange } from '../../api/history-reports.ts';
import { localInput } from '../history/RangeInputs.tsx';

/** The range of two datetime-local values, or null when either is no time or it is empty. */
export function parseLocalRange(from: string, to: string): ReportRange | null {
  const f = Date.parse(from);
  const t = Date.parse(to);
  return Number.isFinite(f) && Number.isFinite(t) && t > f ? { from: f, to: t } : null;
}

/** The inputs' values (the last `hours` at first) and `checked`, which flags a bad range. */
export function useReportRange(hours = 24) {
  const [from, setFrom] = useState(() => localInput(Date.now() - hours * 3600_000));
  const [to, setTo] = useState(() => localInput(Date.now()));
  const [invalid, setInvalid] = useState(false);
  const checked = (): ReportRange | null => {
    const range = parseLocalRange(from, to);
    setInvalid(range === null);
    return range;
  };
  return { from, to, setFrom, setTo, invalid, checked };
}
