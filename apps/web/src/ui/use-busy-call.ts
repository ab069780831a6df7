/** One call at a time from a form: busy while it runs, and the message of its last failure. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../api/http.ts';

/**
 * `load`, when given, is run once when the component mounts (the form's first fetch); `explain`
 * turns a failure into the message kept (errorText by default).
 */
export function useBusyCall(
  load?: () => Promise<void>,
  explain: (err: unknown) => string = errorText,
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The latest `explain`, read when a call fails: `run` stays the same across renders.
  const explained = useRef(explain);
  explained.current = explain;
  /**
   * Run the work: busy meanwhile, its error (if any) kept for display, cleared on the next run.
   * Whether it succeeded.
   */
  const run = useCallback(async (work: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await work();
      return true;
    } catch (err) {
      setError(explained.current(err));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  const first = useRef(load);
  useEffect(() => {
    if (first.current) void run(first.current);
  }, [run]);
  return { busy, error, run };
}
