/** One walk call at a time from a panel: busy while it runs, its failure kept as walkFailure. */
import { useCallback, useState } from 'react';
import { walkFailure } from './walk-errors.ts';

export function useWalkCall() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Run the work (its failure kept, the last one cleared); whether it succeeded. */
  const run = useCallback(async (work: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await work();
      return true;
    } catch (err) {
      setError(walkFailure(err));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run };
}
